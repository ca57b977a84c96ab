import type { OperatorRole } from '../../../shared/db/schema';
import type { VerifyEnv } from '../env';

/** The named person behind an operator-plane request, resolved from their token. */
export interface OperatorPrincipal {
  id: string;
  name: string;
  email: string;
  role: OperatorRole;
}

/** What every audited write records about who did it and in which request. */
export interface OperatorActor extends OperatorPrincipal {
  requestId: string | null;
}

export type OperatorEnv = { Bindings: VerifyEnv['Bindings']; Variables: VerifyEnv['Variables'] & { operator: OperatorPrincipal } };
