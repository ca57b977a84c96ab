import { describeFuzz } from '../../test/workers/fuzz-suite';

describeFuzz('launch');
