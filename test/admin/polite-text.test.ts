import { describe, expect, test } from 'bun:test'
import { PoliteText, type Clock } from '../../admin/polite-text.ts'

/** A clock that moves only when told, running the timers that come due. */
function fakeClock() {
  let now = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  let next = 1
  const clock: Clock = {
    now: () => now,
    setTimeout(run, ms) {
      timers.set(next, { at: now + ms, run })
      return next++
    },
    clearTimeout(id) {
      timers.delete(id as number)
    },
  }
  const advance = (ms: number) => {
    const until = now + ms
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
      if (!due) break
      timers.delete(due[0])
      now = due[1].at
      due[1].run()
    }
    now = until
  }
  return { clock, advance, pending: () => timers.size }
}

const PACE = { everyMs: 10_000, settleMs: 1_000 }

/** A region on a fake clock, and everything it said. */
function region() {
  const fake = fakeClock()
  const said: string[] = []
  const text: PoliteText = new PoliteText(() => said.push(text.text), PACE, fake.clock)
  return { ...fake, said, text }
}

describe('a polite live region that does not chatter', () => {
  test('a burst is one message, said once it settles; later changes at most once an interval, the latest of them', () => {
    const { advance, said, text } = region()
    text.say('1 new record')
    advance(300)
    text.say('3 new records')
    expect(said).toEqual([])
    advance(700)
    expect(said).toEqual(['3 new records'])
    advance(1_000)
    text.say('4 new records')
    advance(1_000)
    text.say('6 new records')
    advance(7_999)
    expect(said).toEqual(['3 new records'])
    advance(1)
    expect(said).toEqual(['3 new records', '6 new records'])
    // Quiet for longer than the interval: the next change waits only to settle.
    advance(20_000)
    text.say('7 new records')
    advance(1_000)
    expect(said).toEqual(['3 new records', '6 new records', '7 new records'])
  })

  test('clearing is immediate and silent, and drops what was waiting', () => {
    const { advance, pending, said, text } = region()
    text.say('1 new record')
    advance(1_000)
    text.say('2 new records')
    expect(pending()).toBe(1)
    text.say('')
    expect([text.text, pending()]).toEqual(['', 0])
    advance(30_000)
    expect(said).toEqual(['1 new record', ''])
  })

  test('the same text again is not said twice, and stop() drops a waiting update', () => {
    const { advance, pending, said, text } = region()
    text.say('1 new record')
    advance(1_000)
    text.say('1 new record')
    advance(10_000)
    expect(said).toEqual(['1 new record'])
    text.say('5 new records')
    expect(pending()).toBe(1)
    text.stop()
    expect(pending()).toBe(0)
    advance(20_000)
    expect(said).toEqual(['1 new record'])
  })
})
