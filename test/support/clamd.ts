/**
 * @module ClamAV's clamd from Debian's package (clamav-daemon), started by the test on a
 * fresh temp folder: its config, its log and its signature database are written there, and
 * it listens on a local socket in that folder and on a free loopback TCP port. The database
 * holds one signature, the EICAR test file's (an .hdb line: md5, size, name), so clamd starts
 * in a fraction of a second, needs no network and no freshclam, and never depends on the
 * package's own clamd or freshclam services. StreamMaxLength is small, so the size-limit path
 * can be reached with a few MiB.
 */
import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { freePort } from './ports.ts'
import { tempDir } from './tmp.ts'

/** The EICAR anti-virus test file: harmless, and recognised by every scanner as a test virus. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'

/** The name the test database gives EICAR's signature. */
export const EICAR_NAME = 'Svc-Test-EICAR'

/** What clamd reports on a match: an .hdb of ours is not ClamAV's own database, so it adds `.UNOFFICIAL`. */
export const EICAR_SIGNATURE = `${EICAR_NAME}.UNOFFICIAL`

/** The StreamMaxLength of the test clamd, in bytes (`2M` in its config). */
export const STREAM_MAX_BYTES = 2 * 1024 * 1024

/** How long clamd may take to answer its first PING. */
const START_TIMEOUT_MS = 20_000

export interface Clamd {
  /** `unix:<dir>/clamd.ctl`, as SVC_CLAMD takes it. */
  unix: string
  /** `tcp://127.0.0.1:<port>`, as SVC_CLAMD takes it. */
  tcp: string
  dir: string
  proc: Subprocess
  /** Kills clamd and removes its folder. */
  stop(): Promise<void>
}

/** The clamd binary, or null when Debian's clamav-daemon is not installed. */
export function clamdPath(): string | null {
  for (const path of ['/usr/sbin/clamd', Bun.which('clamd')]) {
    if (!path) continue
    try {
      accessSync(path, constants.X_OK)
      return path
    } catch {}
  }
  return null
}

/** Why the clamd tests cannot run here, or null when they can. */
export const clamdUnavailable = (): string | null =>
  clamdPath() ? null : 'no clamd (apt-get install -y clamav-daemon)'

/** The config of a clamd living in `dir`, on `port`. */
function clamdConfig(dir: string, port: number): string {
  return [
    'Foreground yes',
    `LocalSocket ${join(dir, 'clamd.ctl')}`,
    `TCPSocket ${port}`,
    'TCPAddr 127.0.0.1',
    `DatabaseDirectory ${join(dir, 'db')}`,
    `TemporaryDirectory ${dir}`,
    `LogFile ${join(dir, 'clamd.log')}`,
    `PidFile ${join(dir, 'clamd.pid')}`,
    `StreamMaxLength ${STREAM_MAX_BYTES / 1024 / 1024}M`,
    // The test database never changes: no reloads to check for.
    'SelfCheck 0',
    '',
  ].join('\n')
}

/** Whether clamd at the local socket `path` answers PING within a second. */
function answersPing(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path })
    let reply = ''
    const done = (ok: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(ok)
    }
    const timer = setTimeout(() => done(false), 1000)
    socket.on('connect', () => socket.write('zPING\0'))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
      if (reply.includes('\0')) done(reply === 'PONG\0')
    })
    socket.on('error', () => done(false))
    socket.on('close', () => done(false))
  })
}

/** Starts clamd in a new temp folder; resolves once it answers PING. */
export async function startClamd(): Promise<Clamd> {
  const binary = clamdPath()
  if (!binary) throw new Error(clamdUnavailable()!)
  const dir = tempDir('clamd-')
  const port = freePort()
  mkdirSync(join(dir, 'db'))
  const md5 = new Bun.CryptoHasher('md5').update(EICAR).digest('hex')
  writeFileSync(join(dir, 'db', 'svc-test.hdb'), `${md5}:${EICAR.length}:${EICAR_NAME}\n`)
  const config = join(dir, 'clamd.conf')
  writeFileSync(config, clamdConfig(dir, port))
  const proc = Bun.spawn([binary, '-c', config], {
    cwd: dir,
    stdin: 'ignore',
    stdout: Bun.file(join(dir, 'stdout.log')),
    stderr: Bun.file(join(dir, 'stderr.log')),
  })
  const stop = async () => {
    if (proc.exitCode === null) proc.kill('SIGKILL')
    await proc.exited
    rmSync(dir, { recursive: true, force: true })
  }
  const socket = join(dir, 'clamd.ctl')
  const deadline = Date.now() + START_TIMEOUT_MS
  while (!(await answersPing(socket))) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      const log = ['stderr.log', 'clamd.log'].map((name) => readLog(join(dir, name))).join('\n')
      await stop()
      throw new Error(`clamd did not answer PING within ${START_TIMEOUT_MS} ms:\n${log}`)
    }
    await Bun.sleep(25)
  }
  return { unix: `unix:${socket}`, tcp: `tcp://127.0.0.1:${port}`, dir, proc, stop }
}

const readLog = (path: string): string => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
