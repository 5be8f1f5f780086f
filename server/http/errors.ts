/**
 * @module Maps every failure to svc's error body `{code, error:{type, message, details?}}`
 * with the HTTP status equal to `code`. Unexpected exceptions are logged with the request
 * id and answered 500 with that id, never a stack trace.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { RateLimitError } from '../core/auth/rate-limit-error.ts'
import {
  AppError,
  boundedDetails,
  cutText,
  describeProblems,
  MAX_ERROR_BYTES,
  validationError,
  type ErrorType,
  type Problem,
} from '../contract/errors.ts'
import { STORAGE_RETRY_AFTER_SECONDS, storageUnavailable } from '../core/storage-unavailable.ts'
import type { MethodCheck } from './methods.ts'
import { requestIdOf } from './request-id.ts'
import { requestUrl } from './request-url.ts'
import { routeName } from '../metrics/route-names.ts'

export interface ErrorBody {
  code: number
  error: { type: ErrorType; message: string; details?: unknown }
}

/** A JSON error response; the single shape every face of the HTTP API uses, never more than MAX_ERROR_BYTES. */
export function errorResponse(
  status: number,
  type: ErrorType,
  message: string,
  details?: unknown,
  headers?: HeadersInit,
): Response {
  const response = new Response(boundedErrorJson(status, type, message, details), { status, headers })
  response.headers.set('content-type', 'application/json; charset=utf-8')
  errorTypes.set(response, type)
  return response
}

const errorTypes = new WeakMap<Response, ErrorType>()

/** The error type an answer carries (the metrics count refusals by it), or null for a success. */
export const errorTypeOf = (response: Response): ErrorType | null => errorTypes.get(response) ?? null

const errorJson = (status: number, type: ErrorType, message: string, details?: unknown): string => {
  const body: ErrorBody = {
    code: status,
    error: details === undefined ? { type, message } : { type, message, details },
  }
  return JSON.stringify(body)
}

/**
 * The error body as JSON, at most MAX_ERROR_BYTES. Errors of core are bounded where they
 * are made (AppError); this is the last guard for every other answer: a shorter message and
 * problem list, and if that is still too much, the details replaced by `{truncated: true}`.
 */
function boundedErrorJson(status: number, type: ErrorType, message: string, details?: unknown): string {
  const json = errorJson(status, type, message, details)
  // A JSON character is at most 3 bytes (astral ones are 4 bytes for 2 UTF-16 units).
  if (json.length * 3 <= MAX_ERROR_BYTES || Buffer.byteLength(json) <= MAX_ERROR_BYTES) return json
  const shortMessage = cutText(message, 1000)
  const shorter = errorJson(status, type, shortMessage, boundedDetails(details))
  if (Buffer.byteLength(shorter) <= MAX_ERROR_BYTES) return shorter
  return errorJson(status, type, shortMessage, { truncated: true })
}
interface ValidationIssue {
  path?: string
  message?: string
  summary?: string
}

function validationProblems(error: unknown): Problem[] {
  const all = (error as { all?: ValidationIssue[] }).all
  if (!Array.isArray(all) || all.length === 0)
    return [{ path: '', message: 'the request does not match the expected shape' }]
  return all.map((issue) => ({
    // Elysia names the body itself "root"; problems with the whole body have no path.
    path:
      issue.path === 'root'
        ? ''
        : String(issue.path ?? '')
            .replace(/^\//, '')
            .replaceAll('/', '.'),
    message: issue.message ?? issue.summary ?? 'is invalid',
  }))
}

/**
 * The answer to an AppError. Those that mean "later" say how much later: every 429 of the
 * auth limits (log-ins, codes, a saturated password hasher), and a 503 storage_unavailable
 * (a record whose sync to disk failed is not acknowledged).
 */
export function appErrorResponse(error: AppError, headers: Record<string, string>): Response {
  if (error instanceof RateLimitError) headers['retry-after'] ??= String(error.retryAfterSeconds)
  if (error.type === 'storage_unavailable') headers['retry-after'] ??= String(STORAGE_RETRY_AFTER_SECONDS)
  return errorResponse(error.status, error.type, error.message, error.details, headers)
}

/** The answer when no route matched: 405 with `Allow` on a known path, else 404. */
async function noRouteResponse(
  request: Request,
  headers: Record<string, string>,
  methods?: MethodCheck,
): Promise<Response> {
  const pathname = URL.parse(request.url)?.pathname ?? request.url
  const refused = await methods?.(request.method, pathname, headers)
  if (refused) return appErrorResponse(refused, headers)
  return errorResponse(
    404,
    'not_found',
    `No route for ${cutText(request.method)} ${cutText(pathname, 200)}; the API is described at /api/v3/openapi.json`,
    undefined,
    headers,
  )
}

/**
 * The global error handler; register it on the root app before any route. `methods` tells
 * a known path asked with the wrong method (405 with `Allow`) from an unknown one (404).
 */
export function errorHandler(ctx: AppContext, methods?: MethodCheck) {
  return new Elysia({ name: 'svc/errors' }).onError({ as: 'global' }, ({ code, error, request, set }) => {
    const headers = set.headers as Record<string, string>
    if (error instanceof AppError) return appErrorResponse(error, headers)
    switch (code) {
      case 'PARSE':
        // A route's own parser (the record edit's exact JSON) says what is wrong; Elysia wraps it.
        if ((error as Error).cause instanceof AppError)
          return appErrorResponse((error as Error).cause as AppError, headers)
        return errorResponse(
          400,
          'bad_json',
          'The request body could not be parsed: send valid JSON with Content-Type: application/json',
          undefined,
          headers,
        )
      case 'VALIDATION': {
        const problems = validationProblems(error)
        return appErrorResponse(validationError(problems, describeProblems(problems)), headers)
      }
      case 'NOT_FOUND':
        return noRouteResponse(request, headers, methods)
      case 'INVALID_COOKIE_SIGNATURE':
      case 'INVALID_FILE_TYPE':
        return errorResponse(400, 'bad_request', String((error as Error).message), undefined, headers)
    }
    const status = (error as { status?: unknown }).status
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return errorResponse(status, 'bad_request', String((error as Error).message || 'Bad request'), undefined, headers)
    }
    return unexpectedErrorResponse(ctx, request, error, headers)
  })
}

/**
 * Logs an unexpected exception with the request id and answers 500 with that id, never a
 * stack trace. A storage that cannot write is not unexpected: 503 with Retry-After, and no
 * log line (the storage logs once when it becomes unavailable and once when it recovers).
 */
export function unexpectedErrorResponse(
  ctx: AppContext,
  request: Request,
  error: unknown,
  headers?: Record<string, string>,
): Response {
  const unavailable = storageUnavailable(error)
  if (unavailable) {
    const retry = { ...headers, 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) }
    return errorResponse(unavailable.status, unavailable.type, unavailable.message, unavailable.details, retry)
  }
  const requestId = requestIdOf(request)
  // The operation's name, never the path: an endpoint's path is its token.
  const route = routeName(request.method, requestUrl(request).pathname)
  ctx.log.error(`unexpected error in ${route}`, {
    requestId,
    method: request.method,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  })
  return errorResponse(
    500,
    'internal',
    `Something went wrong on the server; quote request id ${requestId} when reporting it`,
    { requestId },
    headers,
  )
}
