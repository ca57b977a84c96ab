import { errorCodes, type ErrorCode, type ErrorStatus } from './error-codes';

export interface ApiErrorOptions {
  hint?: string;
  /** Documented extra fields merged into the envelope (e.g. `field`, `feature`). */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The one exception type every layer throws; only the error handler turns it into a response. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly hint: string;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    // An ApiError is an answer, not a bug: nothing reads its stack (the error handler logs the
    // stacks of unexpected errors only), and capturing one walks the whole middleware chain on
    // every 4xx, the unknown route's 404 included (issue 42).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'ApiError';
    this.code = code;
    this.status = errorCodes[code].status;
    this.hint = options.hint ?? defaultHint(code);
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    return { ...this.details, code: this.code, message: this.message, hint: this.hint };
  }
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  hint: string;
  [extra: string]: unknown;
}

function defaultHint(code: ErrorCode): string {
  switch (code) {
    case 'unauthorized':
      return 'Send a valid credential.';
    case 'internal_error':
      return 'Retry later; if it persists, contact support with the X-Request-Id of this response.';
    case 'service_unavailable':
      return 'Retry later.';
    default:
      return errorCodes[code].description;
  }
}
