/**
 * @module The one error type of the domain. Core throws it naming only its type; each face
 * maps the type once: HTTP to its status (ERROR_STATUS) and `{code, error:{type, message,
 * details?}}`, the CLI to a message and exit code, MCP to an `isError` result.
 */

/** Error types clients can rely on; each has one HTTP status (ERROR_STATUS). */
export type ErrorType =
  | 'bad_json'
  | 'bad_request'
  | 'unauthorized'
  | 'token_expired'
  | 'bad_signature'
  | 'stale_signature'
  | 'code_required'
  | 'forbidden'
  | 'reauth_required'
  | 'wrong_password'
  | 'wrong_code'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'unsupported_version'
  | 'range_not_satisfiable'
  | 'disabled'
  | 'closed'
  | 'challenge_required'
  | 'duplicate'
  | 'too_large'
  | 'quota_exceeded'
  | 'unsupported_media_type'
  | 'unknown_field'
  | 'empty_record'
  | 'field_limit'
  | 'idempotency_key_reused'
  | 'invalid_value'
  | 'infected'
  | 'validation'
  | 'rate_limited'
  | 'timeout'
  | 'storage_unavailable'
  | 'scan_unavailable'
  | 'not_ready'
  | 'internal'

/** The HTTP status of each error type: a type always answers with this one status. */
export const ERROR_STATUS: Record<ErrorType, number> = {
  bad_json: 400,
  bad_request: 400,
  unauthorized: 401,
  token_expired: 401,
  bad_signature: 401,
  stale_signature: 401,
  code_required: 401,
  forbidden: 403,
  reauth_required: 403,
  wrong_password: 403,
  wrong_code: 403,
  disabled: 403,
  closed: 403,
  challenge_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  timeout: 408,
  conflict: 409,
  duplicate: 409,
  unsupported_version: 412,
  range_not_satisfiable: 416,
  too_large: 413,
  quota_exceeded: 413,
  unsupported_media_type: 415,
  unknown_field: 422,
  empty_record: 422,
  field_limit: 422,
  idempotency_key_reused: 422,
  invalid_value: 422,
  infected: 422,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  storage_unavailable: 503,
  scan_unavailable: 503,
  not_ready: 503,
}

/** Every error type, in the order of ERROR_STATUS. */
export const ERROR_TYPES = Object.keys(ERROR_STATUS) as ErrorType[]

/** One problem with an input; `path` names where (a field, `data.age`, `[3].email`). */
export interface Problem {
  path: string
  message: string
}

/**
 * How much an error answer may say, whatever was sent: a body of 1 MiB with a problem in
 * every value must not become an answer many times its size. Problems beyond the first
 * MAX_LISTED_PROBLEMS are counted, not listed; messages quote at most MAX_QUOTED_CHARS of a
 * value; and the whole JSON answer stays under MAX_ERROR_BYTES (the HTTP face checks that last).
 */
export const MAX_LISTED_PROBLEMS = 20
/** Characters of a submitted value an error message quotes; the rest is cut, with "…". */
export const MAX_QUOTED_CHARS = 80
/** Characters of one problem's message (an owner's long option list is cut too). */
export const MAX_PROBLEM_CHARS = 500
/** Characters of an error's message. */
export const MAX_MESSAGE_CHARS = 16 * 1024
/** Bytes of a whole JSON error answer. */
export const MAX_ERROR_BYTES = 64 * 1024

/** `text` cut to `max` characters with "…" when longer (never splitting a surrogate pair). */
export function cutText(text: string, max = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return text
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max
  return `${text.slice(0, end)}…`
}

/** A submitted text as an error message quotes it: JSON-quoted, at most MAX_QUOTED_CHARS of it. */
export const quoteValue = (text: string): string => JSON.stringify(cutText(text))

/** Texts quoted (quoteValue) and joined with ", ": the first MAX_LISTED_PROBLEMS, then how many more. */
export function quoteList(values: readonly string[]): string {
  const listed = values.slice(0, MAX_LISTED_PROBLEMS).map(quoteValue).join(', ')
  return values.length > MAX_LISTED_PROBLEMS ? `${listed} and ${values.length - MAX_LISTED_PROBLEMS} more` : listed
}

/**
 * Collects the problems of one input: the first MAX_LISTED_PROBLEMS are kept, the rest only
 * counted. A message given as a function is built only for a problem that is kept.
 */
export class ProblemList {
  readonly listed: Problem[] = []
  total = 0
  add(path: string, message: string | (() => string)): void {
    this.total++
    if (this.listed.length < MAX_LISTED_PROBLEMS)
      this.listed.push({ path, message: typeof message === 'string' ? message : message() })
  }
  get empty(): boolean {
    return this.total === 0
  }
}

/** The details of an error about many problems: the first MAX_LISTED_PROBLEMS, then `truncated` and the total. */
export interface ProblemDetails {
  problems: Problem[]
  truncated?: true
  total?: number
}

const boundedProblem = (problem: Problem): Problem => ({
  path: cutText(String(problem.path), MAX_QUOTED_CHARS),
  message: cutText(String(problem.message), MAX_PROBLEM_CHARS),
})

/**
 * `details` as an error may carry them: a `problems` list cut to its first
 * MAX_LISTED_PROBLEMS (each path and message cut too), with `truncated: true` and `total`
 * (given, or the list's length) when some are left out. Other details pass unchanged.
 */
export function boundedDetails(details: unknown): unknown {
  if (typeof details !== 'object' || details === null || !Array.isArray((details as ProblemDetails).problems))
    return details
  const { problems, truncated: _truncated, total: given, ...rest } = details as ProblemDetails & Record<string, unknown>
  const total = typeof given === 'number' ? Math.max(given, problems.length) : problems.length
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map(boundedProblem)
  return total > listed.length ? { ...rest, problems: listed, truncated: true, total } : { ...rest, problems: listed }
}

/** The problems in one line: `path: message; …`, the listed ones (a repeated one once, with its count), then how many more there are. */
export function describeProblems(problems: readonly Problem[], total = problems.length): string {
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS)
  // The same sentence many times over (a body of one bad number repeated) is said once, counted.
  const times = new Map<string, number>()
  for (const p of shown) {
    const text = p.path
      ? `${cutText(p.path)}: ${cutText(p.message, MAX_PROBLEM_CHARS)}`
      : cutText(p.message, MAX_PROBLEM_CHARS)
    times.set(text, (times.get(text) ?? 0) + 1)
  }
  const listed = [...times].map(([text, count]) => (count > 1 ? `${text} (${count} times)` : text)).join('; ')
  const more = total - shown.length
  return more > 0 ? `${listed}; and ${more} more` : listed
}

/**
 * The one error type. Its message and `details.problems` are bounded here, where every
 * error is made (boundedDetails), so no face can answer with every problem of a huge input.
 */
export class AppError extends Error {
  override name = 'AppError'
  readonly details?: unknown
  constructor(
    readonly type: ErrorType,
    message: string,
    details?: unknown,
  ) {
    super(cutText(message, MAX_MESSAGE_CHARS))
    this.details = boundedDetails(details)
  }

  /** The HTTP status its type answers with (ERROR_STATUS): read by the faces, never given. */
  get status(): number {
    return ERROR_STATUS[this.type]
  }
}

/** 422 listing the problems (the first MAX_LISTED_PROBLEMS of `total`), so a client can fix them in one go. */
export function validationError(problems: Problem[] | ProblemList, message?: string): AppError {
  const { listed, total } = problems instanceof ProblemList ? problems : { listed: problems, total: problems.length }
  const summary =
    message ?? (total === 1 ? describeProblems(listed) : `${total} problems: ${describeProblems(listed, total)}`)
  return new AppError('validation', summary, { problems: listed, total })
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`)
