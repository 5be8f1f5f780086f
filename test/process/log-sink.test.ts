/**
 * The server's stderr lines go out in batches (server/log-sink.ts): the lines of one turn in
 * one write, on the next turn; an error line at once with everything before it; a batch past
 * 64 KiB without waiting. What a spawned server logs before it exits is checked by the
 * process tests (they read its stderr after SIGTERM).
 */
import { describe, expect, test } from 'bun:test'
import { batchedSink } from '../../server/log-sink.ts'

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('batched log lines', () => {
  test('the lines of one turn are one write, made on the next turn, in order', async () => {
    const writes: string[] = []
    const { sink } = batchedSink((text) => writes.push(text))
    sink('info', 'one')
    sink('debug', 'two')
    sink('warn', 'three')
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toEqual(['one\ntwo\nthree\n'])
    sink('info', 'four')
    await nextTurn()
    await nextTurn()
    expect(writes).toEqual(['one\ntwo\nthree\n', 'four\n'])
  })

  test('an error line is written at once, with the lines before it', async () => {
    const writes: string[] = []
    const { sink } = batchedSink((text) => writes.push(text))
    sink('info', 'request')
    sink('error', 'it broke')
    expect(writes).toEqual(['request\nit broke\n'])
    await nextTurn()
    expect(writes).toEqual(['request\nit broke\n'])
  })

  test('a batch past 64 KiB is written without waiting; flush writes what waits', () => {
    const writes: string[] = []
    const { sink, flush } = batchedSink((text) => writes.push(text))
    const line = 'x'.repeat(1023)
    for (let i = 0; i < 64; i++) sink('info', line)
    expect(writes).toEqual([`${line}\n`.repeat(64)])
    sink('info', 'tail')
    flush()
    flush()
    expect(writes).toEqual([`${line}\n`.repeat(64), 'tail\n'])
  })
})
