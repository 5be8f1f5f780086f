import { describe, expect, test } from 'bun:test'
import { AppError } from '../../../server/contract/errors.ts'
import { parsePageQuery } from '../../../server/core/records/schemas.ts'

describe('parsePageQuery', () => {
  const ok: Array<[string, boolean, unknown]> = [
    ['', false, { page: 1, size: 100, spam: 'exclude', order: 'asc' }],
    ['page=3&size=1000&spam=only', false, { page: 3, size: 1000, spam: 'only', order: 'asc' }],
    ['size=%201%20', false, { page: 1, size: 1, spam: 'exclude', order: 'asc' }],
    ['order=desc', true, { page: 1, size: 100, spam: 'exclude', order: 'desc' }],
    // An empty value means the default, as on /summary.
    ['spam=', false, { page: 1, size: 100, spam: 'exclude', order: 'asc' }],
    // /query has no order: pages are always oldest first, and saying so is allowed.
    ['order=asc', false, { page: 1, size: 100, spam: 'exclude', order: 'asc' }],
  ]
  test.each(ok)('?%s (order allowed: %p)', (query, allowOrder, expected) => {
    expect(parsePageQuery(new URLSearchParams(query), { owner: allowOrder })).toEqual(expected as never)
  })

  const bad: Array<[string, string]> = [
    [
      'size=1001',
      'size must be a whole number from 1 to 1000, got "1001"; to read every record use size=1000 and stop at the first page with fewer records',
    ],
    ['page=0x10', 'page must be a whole number 1 or more, got "0x10"'],
    ['page=1&page=2', 'page must be given once, as a whole number 1 or more'],
    ['spam=INCLUDE', 'spam must be "include" or "only" (or left out to exclude spam), got "INCLUDE"'],
    ['spam=a&spam=b', 'spam must be given once, as "exclude", "include" or "only"'],
    // Where order is not taken (the public /query), asking for another one is refused, not ignored.
    [
      'order=desc',
      "order is not taken here: records are always oldest first, so reading pages 1, 2, 3… never skips one; the owner's GET /api/v3/apps/<app id>/records takes order=desc",
    ],
  ]
  test.each(bad)('?%s → 400', (query, message) => {
    let error: unknown
    try {
      parsePageQuery(new URLSearchParams(query))
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    expect({
      status: (error as AppError).status,
      type: (error as AppError).type,
      message: (error as AppError).message,
    }).toEqual({ status: 400, type: 'bad_request', message })
  })
})
