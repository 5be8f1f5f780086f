import { describe, expect, test } from 'bun:test'
import { AppError } from '../../server/contract/errors.ts'
import { readBodyBytes, utf8Text } from '../../server/http/share/body.ts'

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/x', { method: 'POST', body, headers })

async function failure(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error instanceof AppError
      ? { status: error.status, type: error.type, message: error.message }
      : String(error)
  }
  return null
}

describe('reading share request bodies', () => {
  test('reads a body within the limit, exactly', async () => {
    const bytes = await readBodyBytes(post('héllo'), { maxBytes: 6, deadlineMs: 60_000 })
    expect(utf8Text(bytes)).toBe('héllo')
  })

  test('a trickled body that misses the deadline is a 408 timeout', async () => {
    let pulls = 0
    // Sends one byte, then never finishes: what a slow-loris client does.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new Uint8Array([0x7b]))
        return new Promise(() => {})
      },
    })
    expect(await failure(readBodyBytes(post(stream), { maxBytes: 1000, deadlineMs: 50 }))).toEqual({
      status: 408,
      type: 'timeout',
      message: 'The request body did not arrive within 1 s; send it in one go',
    })
  })

  test('bytes that are not UTF-8 are a 400', () => {
    expect(() => utf8Text(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(
      'The request body is not valid UTF-8; send text encoded as UTF-8',
    )
  })
})
