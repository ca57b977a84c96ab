import { describeFuzz } from '../../../test/workers/fuzz-suite';

// The operator plane's own document, called as an admin operator: bad input is never a 5xx and writes nothing.
describeFuzz('verify', { plane: 'operator' });
