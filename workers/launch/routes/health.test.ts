import { describeHealthRoute } from '../../../test/workers/health-suite';
import worker from '../index';

describeHealthRoute('/api/health', worker);
