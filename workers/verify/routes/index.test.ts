import { describeIndexRoute } from '../../../test/workers/index-suite';
import worker from '../index';

describeIndexRoute('verify', worker);
