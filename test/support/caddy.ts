/**
 * @module Caddy from Debian's package in front of one svc, configured by deploy/Caddyfile
 * (the README's "Self-hosting") with only its addresses changed: the site listens on plain
 * HTTP on a free loopback port (no certificate to get), the upstream is svc's port, and the
 * admin endpoint is off (Caddy's default port 2019 would collide between runs). Its state
 * goes to a fresh temp folder.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { freePort } from './ports.ts'
import { tempDir } from './tmp.ts'

export interface Caddy {
  /** The port Caddy serves the site on (127.0.0.1). */
  port: number
  /** The site's name, as the Host header must give it. */
  host: string
  proc: Subprocess
  stop(): Promise<void>
}

/** The caddy binary, or null when Debian's caddy is not installed. */
export const caddyPath = (): string | null => Bun.which('caddy') ?? Bun.which('caddy', { PATH: '/usr/bin:/usr/sbin' })

/** deploy/Caddyfile with its site address on `port` over plain HTTP and its upstream on `upstream`. */
export function caddyConfig(port: number, upstream: number): { config: string; host: string } {
  const shipped = readFileSync(join(import.meta.dir, '..', '..', 'deploy', 'Caddyfile'), 'utf8')
  const site = /^([a-z0-9.-]+) \{$/m.exec(shipped)
  if (!site) throw new Error('deploy/Caddyfile has no site block')
  const host = site[1]
  const config = `{\n\tadmin off\n}\n${shipped
    .replace(site[0], `http://${host}:${port} {\n\tbind 127.0.0.1`)
    .replace(/reverse_proxy 127\.0\.0\.1:\d+/, `reverse_proxy 127.0.0.1:${upstream}`)}`
  return { config, host }
}

/** Starts Caddy in front of svc on `upstream`; resolves once it serves its configuration. */
export async function startCaddy(upstream: number): Promise<Caddy> {
  const binary = caddyPath()
  if (!binary) throw new Error('caddy is not installed (apt-get install -y caddy)')
  const dir = tempDir('caddy-')
  const port = freePort()
  const { config, host } = caddyConfig(port, upstream)
  const file = join(dir, 'Caddyfile')
  writeFileSync(file, config)
  const proc = Bun.spawn([binary, 'run', '--config', file, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: { HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config'), PATH: '/usr/bin:/bin' },
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
  })
  // Caddy logs JSON lines on stderr; "serving initial configuration" says the site listens.
  const reader = proc.stderr.getReader()
  const decoder = new TextDecoder()
  let log = ''
  while (!log.includes('serving initial configuration')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`caddy exited before serving:\n${log}`)
    log += decoder.decode(value, { stream: true })
  }
  // Keep draining so Caddy never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done) {}
  })()
  return {
    port,
    host,
    proc,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
    },
  }
}
