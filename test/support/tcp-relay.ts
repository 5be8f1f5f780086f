/**
 * @module A TCP relay in front of a server, which a test can cut: every connection through it
 * is passed on to the target until `cut()` closes them all at once (as a dropped network or
 * a restarted proxy would); new connections go through again afterwards.
 */
import net from 'node:net'

export interface Relay {
  /** http://127.0.0.1:<port> of the relay. */
  url: string
  /** How many connections have come through so far. */
  readonly connections: number
  /** Closes every open connection, both ways. */
  cut(): void
  close(): Promise<void>
}

/** A relay to `target` (an http://host:port URL) on a free port; resolves once it listens. */
export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target)
  const open = new Set<net.Socket>()
  let connections = 0
  const server = net.createServer((client) => {
    connections++
    const upstream = net.connect(Number(port), hostname)
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      socket.on('error', () => {})
    }
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    get connections() {
      return connections
    },
    cut() {
      for (const socket of open) socket.destroy()
    },
    close() {
      for (const socket of open) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
