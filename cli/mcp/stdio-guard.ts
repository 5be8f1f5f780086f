/**
 * @module In MCP mode stdout carries only protocol messages: every console method is
 * rebound to stderr before anything else runs (dependencies log through console too).
 */

/** Sends console.log/info/debug/… to stderr for the rest of the process. */
export function routeConsoleToStderr(): void {
  const toStderr = (...values: unknown[]) => {
    process.stderr.write(`${values.map((v) => (typeof v === 'string' ? v : Bun.inspect(v))).join(' ')}\n`)
  }
  for (const method of ['log', 'info', 'debug', 'warn', 'error', 'trace', 'dir', 'table'] as const) {
    ;(console as unknown as Record<string, unknown>)[method] = toStderr
  }
}
