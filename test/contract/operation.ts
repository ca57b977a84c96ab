/** One operation as a spec fixes it: what the generated OpenAPI document must agree with. */
export interface SpecOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path syntax, parameter names as the spec writes them. */
  path: string;
  /** Only where the spec gives one; it must match exactly. */
  operationId?: string;
  /** The scope the spec names; `anyKey` where it says "any workspace key". */
  scope?: string;
  anyKey?: true;
  auth?: 'session-only' | 'operator' | 'none';
  successStatus?: number;
}
