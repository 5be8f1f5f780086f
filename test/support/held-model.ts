/**
 * @module An OpenAI-compatible chat-completions server on loopback that holds every
 * request until the test calls `answer()`, then echoes the draft plan it was sent (a
 * valid plan). Lets CLI and MCP tests drive a slow LLM planner step by step.
 */

export interface HeldModel {
  /** Base URL for SVC_LLM_URL. */
  url: string
  /** Resolves when a request is waiting. */
  request(): Promise<void>
  /** Answers every waiting request with the draft in its prompt. */
  answer(): void
  stop(): void
}

export function heldModel(): HeldModel {
  const held: Array<{ body: { messages: { content: string }[] }; respond(response: Response): void }> = []
  let arrived: () => void = () => undefined
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const body = await request.json()
      return new Promise<Response>((respond) => {
        held.push({ body, respond })
        arrived()
      })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    request: () => (held.length ? Promise.resolve() : new Promise<void>((resolve) => (arrived = resolve))),
    answer() {
      for (const { body, respond } of held.splice(0)) {
        const draft = body.messages[1].content.split('\n').at(-1)!
        respond(Response.json({ choices: [{ message: { role: 'assistant', content: draft } }] }))
      }
    },
    stop: () => void server.stop(true),
  }
}
