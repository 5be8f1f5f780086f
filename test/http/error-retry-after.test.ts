/**
 * Errors that mean "try later" say when (Retry-After), whichever route answers them: the
 * Elysia app's error handler and the hot path Bun.serve answers itself both use
 * appErrorResponse.
 */
import { expect, test } from 'bun:test'
import { RateLimitError } from '../../server/core/auth/rate-limit-error.ts'
import { AppError } from '../../server/contract/errors.ts'
import { appErrorResponse } from '../../server/http/errors.ts'

test.each([
  ['a throttled log-in (429 with its own wait)', new RateLimitError('Too many failed log-ins', 900), 429, '900'],
  [
    'a record whose sync to disk failed (503 storage_unavailable)',
    new AppError('storage_unavailable', 'The server could not confirm that the record was saved to disk'),
    503,
    '30',
  ],
  [
    'a switched-off endpoint (403) is not a matter of waiting',
    new AppError('disabled', 'This form is not accepting submissions'),
    403,
    null,
  ],
  ['a refusal that waiting does not fix', new AppError('validation', 'name: is required'), 422, null],
])('%s', async (_, error, status, retryAfter) => {
  const response = appErrorResponse(error, {})
  expect(response.status).toBe(status)
  expect(response.headers.get('retry-after')).toBe(retryAfter)
  expect(((await response.json()) as { error: { type: string } }).error.type).toBe(error.type)
})
