/**
 * @module An OpenAI-compatible chat-completions server on loopback that holds every
 * request until the test calls `answer()`, then echoes the draft plan it was sent (a
 * valid plan). Lets CLI and MCP tests drive a slow LLM planner step by step, and tests of
 * jobs across processes count the requests made and those given up (a job aborted).
 */

export interface HeldModel {
  /** Base URL for SVC_LLM_URL. */
  url: string
  /** Resolves when a request is waiting. */
  request(): Promise<void>
  /** Resolves once `count` requests have arrived since the start (or the last `reset`). */
  waiting(count: number): Promise<void>
  /** Resolves once `count` requests were given up by their caller; the number given up. */
  aborted(count?: number): Promise<number>
  /** Answers every waiting request with the draft in its prompt. */
  answer(): void
  /** Answers what is waiting and counts from zero again. */
  reset(): void
  stop(): void
}

export function heldModel(): HeldModel {
  const held: Array<{ body: { messages: { content: string }[] }; respond(response: Response): void }> = []
  let arrived: () => void = () => undefined
  let received = 0
  let abandoned = 0
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const body = await request.json()
      request.signal.addEventListener('abort', () => abandoned++)
      received++
      return new Promise<Response>((respond) => {
        held.push({ body, respond })
        arrived()
      })
    },
  })
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 1))
  }
  const answer = () => {
    for (const { body, respond } of held.splice(0)) {
      const draft = body.messages[1].content.split('\n').at(-1)!
      respond(Response.json({ choices: [{ message: { role: 'assistant', content: draft } }] }))
    }
  }
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    request: () => (held.length ? Promise.resolve() : new Promise<void>((resolve) => (arrived = resolve))),
    waiting: (count) => until(() => received >= count),
    async aborted(count = 1) {
      await until(() => abandoned >= count)
      return abandoned
    },
    answer,
    reset() {
      answer()
      received = 0
      abandoned = 0
    },
    stop: () => void server.stop(true),
  }
}
