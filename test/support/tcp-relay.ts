/**
 * @module A TCP relay in front of a server, which a test can cut: every connection through it
 * is passed on to the target until `cut()` closes them all at once (as a dropped network or
 * a restarted proxy would); new connections go through again afterwards. `cutAfter(n)` cuts
 * once `n` more bytes from clients have reached the target: mid-body, at a byte the test names,
 * however fast the client writes.
 */
import net from 'node:net'

export interface Relay {
  /** http://127.0.0.1:<port> of the relay. */
  url: string
  /** How many connections have come through so far. */
  readonly connections: number
  /** Closes every open connection, both ways. */
  cut(): void
  /** Passes on only `bytes` more bytes from clients to the target, then cuts (once). */
  cutAfter(bytes: number): void
  close(): Promise<void>
}

/** A relay to `target` (an http://host:port URL) on a free port; resolves once it listens. */
export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target)
  const open = new Set<net.Socket>()
  let connections = 0
  // Bytes from clients still to pass on before the armed cut; null: not armed.
  let budget: number | null = null
  const cut = () => {
    for (const socket of open) socket.destroy()
  }
  const armedCut = () => {
    budget = null
    cut()
  }
  const server = net.createServer((client) => {
    connections++
    const upstream = net.connect(Number(port), hostname)
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      socket.on('error', () => {})
    }
    client.on('data', (chunk: Buffer) => {
      if (budget === 0) return
      const part = budget === null ? chunk : chunk.subarray(0, budget)
      if (budget !== null) budget -= part.length
      // The cut comes once the last byte allowed is written out, so the target has it.
      const last = budget === 0
      const written = upstream.write(part, last ? armedCut : undefined)
      if (!written && !last) {
        client.pause()
        upstream.once('drain', () => client.resume())
      }
    })
    client.on('end', () => upstream.end())
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
    cut,
    cutAfter(bytes) {
      budget = bytes
    },
    close() {
      for (const socket of open) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
