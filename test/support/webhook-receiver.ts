/**
 * @module A webhook receiver on loopback (Bun.serve on port 0) that keeps every request and
 * answers what the test says, for the webhook tests.
 */
export interface Received {
  headers: Record<string, string>
  body: string
}

export interface Receiver {
  url: string
  received: Received[]
  /** What the next requests are answered with (default 200 "ok"). */
  answer(status: number, body?: string, headers?: Record<string, string>): void
  /** Resolves once `count` requests in all have arrived. */
  waitFor(count: number): Promise<void>
  stop(): void
}

export function startReceiver(): Receiver {
  const received: Received[] = []
  let reply = { status: 200, body: 'ok', headers: {} as Record<string, string> }
  const waiters: Array<{ count: number; resolve(): void }> = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() })
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
      return new Response(reply.body, { status: reply.status, headers: reply.headers })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    received,
    answer: (status, body = '', headers = {}) => {
      reply = { status, body, headers }
    },
    waitFor: (count) =>
      received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    stop: () => void server.stop(true),
  }
}
