/**
 * @module The one error type of the domain. Core throws it; each face maps it once:
 * HTTP to `{code, error:{type, message, details?}}`, the CLI to a message and exit code,
 * MCP to an `isError` result.
 */

/** Error types clients can rely on; the HTTP status usually follows from the type. */
export type ErrorType =
  | 'bad_json'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'disabled'
  | 'too_large'
  | 'unsupported_media_type'
  | 'unknown_field'
  | 'empty_record'
  | 'field_limit'
  | 'field_budget'
  | 'idempotency_key_reused'
  | 'invalid_value'
  | 'validation'
  | 'rate_limited'
  | 'timeout'
  | 'storage_unavailable'
  | 'internal'

/** One problem with an input; `path` names where (a field, `data.age`, `[3].email`). */
export interface Problem {
  path: string
  message: string
}

export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

/** 422 with every problem listed, so a client can fix them all in one go. */
export function validationError(problems: Problem[], message?: string): AppError {
  const summary = message ?? (problems.length === 1
    ? `${problems[0].path ? `${problems[0].path}: ` : ''}${problems[0].message}`
    : `${problems.length} problems: ${problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ')}`)
  return new AppError(422, 'validation', summary, { problems })
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`)
