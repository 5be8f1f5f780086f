/**
 * The shared body deadline (server/http/share/deadline.ts): reads that finish in time get
 * their value or their own error, reads still waiting at the deadline get a 408, and a
 * read started after its request's deadline passed is refused at once.
 */
import { describe, expect, test } from 'bun:test'
import { AppError } from '../../server/contract/errors.ts'
import { bodyDeadline } from '../../server/http/share/deadline.ts'

const never = () => new Promise<never>(() => {})

async function outcome(promise: Promise<unknown>) {
  try {
    return { value: await promise }
  } catch (error) {
    return error instanceof AppError ? { status: error.status, type: error.type } : { error: String(error) }
  }
}

describe('the shared body deadline', () => {
  test('reads that settle in time keep their value or their own error', async () => {
    const deadline = bodyDeadline(60_000)
    expect(await outcome(deadline.within(Promise.resolve('body')))).toEqual({ value: 'body' })
    expect(await outcome(deadline.within(Promise.reject(new Error('socket closed'))))).toEqual({
      error: 'Error: socket closed',
    })
  })

  test('every read of one slice still waiting at the deadline gets 408, and later reads are refused at once', async () => {
    const first = bodyDeadline(40)
    const second = bodyDeadline(40)
    const waiting = [first.within(never()), second.within(never())]
    expect(await Promise.all(waiting.map(outcome))).toEqual([
      { status: 408, type: 'timeout' },
      { status: 408, type: 'timeout' },
    ])
    expect(await outcome(first.within(Promise.resolve('late chunk')))).toEqual({ status: 408, type: 'timeout' })
  })

  test('a read that finished is not failed when its slice expires', async () => {
    const deadline = bodyDeadline(30)
    const done = deadline.within(Promise.resolve(1))
    expect(await outcome(deadline.within(never()))).toEqual({ status: 408, type: 'timeout' })
    expect(await outcome(done)).toEqual({ value: 1 })
  })
})
