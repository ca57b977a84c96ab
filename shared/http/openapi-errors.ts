import { z } from '@hono/zod-openapi';
import { errorCodes, type ErrorCode } from './error-codes';

export const errorEnvelopeSchema = z
  .object({
    code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]).openapi({ description: 'Stable machine-readable code.' }),
    message: z.string().openapi({ description: 'Human-readable text.' }),
    hint: z.string().openapi({ description: 'What to do about it.' }),
  })
  .catchall(z.unknown())
  .openapi('ErrorEnvelope');

/** The response entry for one error status, to spread into a route's `responses`. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorEnvelopeSchema } } };
}

/** A JSON response entry for a route's `responses`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}
