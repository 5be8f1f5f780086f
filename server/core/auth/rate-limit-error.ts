/**
 * @module The 429 of the auth limits (code e-mails, failed log-ins).
 */
import { AppError } from '../../contract/errors.ts'

/** 429 `rate_limited`; `retryAfterSeconds` becomes the Retry-After header. */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message, { retryAfterSeconds })
  }
}
