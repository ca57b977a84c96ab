import { describeHealthRoute } from '../../../test/workers/health-suite';
import worker from '../index';

describeHealthRoute('/v1/health', worker);
