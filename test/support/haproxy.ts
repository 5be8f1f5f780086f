/**
 * @module HAProxy from Debian's package in front of several svc processes, configured by
 * deploy/haproxy.cfg (the README's "Scaling out"): one app's requests to one process (a
 * hash of the path), health checks on /api/v3/health, a request that could not reach one
 * process sent to another. Tests may add a header naming the process that answered. The
 * config is written to a fresh temp folder and the balancer listens on a free port.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { tempDir } from './tmp.ts'
import { freePort } from './ports.ts'
import { callServer } from './call.ts'

export interface Balancer {
  url: string
  proc: Subprocess
  stop(): Promise<void>
}

/** The haproxy binary, or null when Debian's haproxy is not installed. */
export function haproxyPath(): string | null {
  return Bun.which('haproxy') ?? Bun.which('haproxy', { PATH: '/usr/sbin:/sbin' })
}

/** The header a balancer started with `servedBy` adds to every answer: the name of the server that gave it. */
export const SERVED_BY = 'x-served-by'

/**
 * deploy/haproxy.cfg (the README's configuration) with its bind address and server lines
 * replaced; with `servedBy`, answers carry the SERVED_BY header.
 */
export function haproxyConfig(port: number, backends: Array<{ name: string; port: number }>, servedBy = false): string {
  const documented = readFileSync(join(import.meta.dir, '..', '..', 'deploy', 'haproxy.cfg'), 'utf8')
  const servers = backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')
  return documented
    .replace(/^ {2}bind .*$/m, `  bind 127.0.0.1:${port}`)
    .replace(/(^ {2}server .*\n)+/m, `${servedBy ? `  http-response set-header ${SERVED_BY} %s\n` : ''}${servers}\n`)
}

/** Starts HAProxy on a free port in front of `backends`; resolves once it answers. */
export async function startBalancer(
  backends: Array<{ name: string; port: number }>,
  options: { servedBy?: boolean } = {},
): Promise<Balancer> {
  const binary = haproxyPath()
  if (!binary) throw new Error('haproxy is not installed (apt-get install -y haproxy)')
  const dir = tempDir('haproxy-')
  const port = freePort()
  const config = join(dir, 'haproxy.cfg')
  writeFileSync(config, haproxyConfig(port, backends, options.servedBy))
  const proc = Bun.spawn([binary, '-db', '-f', config], { stdout: 'pipe', stderr: 'pipe' })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited: ${await new Response(proc.stderr).text()}`)
    const ok = await callServer(url, 'health.get').then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) break
    await Bun.sleep(50)
  }
  return {
    url,
    proc,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
    },
  }
}
