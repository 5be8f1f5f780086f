/**
 * @module Free TCP ports for servers the tests start themselves (PostgreSQL, HAProxy).
 */

/** A TCP port on 127.0.0.1 that nobody listens on right now. */
export function freePort(): number {
  const server = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = server.port
  server.stop(true)
  return port
}
