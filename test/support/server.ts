/**
 * @module A real svc server on a free port with a temp data dir (via startServer), and two
 * ways to run svc-cli against it: in-process (runCli over buffers) and as a real process
 * (`bun cli/main.ts`). Each CLI run gets its own temp XDG_CONFIG_HOME unless one is given.
 */
import { afterAll, expect } from 'bun:test'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type Overrides, type RunningServer } from '../../server/boot.ts'
import { loadConfig } from '../../server/config.ts'
import { createLogger } from '../../server/core/logger.ts'
import type { Mail } from '../../server/core/mailer.ts'
import { bufferedIo, type Io } from '../../cli/io.ts'
import { runCli } from '../../cli/run.ts'
import { makeUser, type TestUser } from './users.ts'
import { tempDir } from './tmp.ts'
import { testAppOptions } from './admin-build.ts'
import { testDatabaseEnv } from './backend.ts'
import { contractObserver } from './contract.ts'
import { runLogScan } from './log-scan.ts'
import type { JsonDocument } from './contract.ts'

export const ROOT = join(import.meta.dir, '..', '..')
export const BUN = process.execPath

export interface TestServer extends RunningServer {
  /** Every mail the server "sent" (login codes), newest last. */
  mails: Mail[]
  /** A new account with a live access token, made through core in this process. */
  account(email?: string): Promise<TestUser>
  /** Stops the server and removes the data dir. */
  close(): Promise<void>
}

/**
 * Starts svc on 127.0.0.1:0 with a temp data dir (or, on a PostgreSQL run, a new database),
 * rate limit off, logs scanned for secrets and dropped (log-scan.ts); `overrides.clock` replaces the system clock, `overrides.log` the silent logger.
 * `overrides.contract: false` leaves the answers unchecked against the API document: the check
 * reads a copy of each JSON answer at once, so the server would never see a client that
 * stops reading (check such a test's answers with `assertResponse`).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Pick<Overrides, 'clock' | 'log'> & { contract?: false } = {},
): Promise<TestServer> {
  const dataDir = tempDir('svc-cli-server-')
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SVC_DATA_DIR: dataDir,
    SVC_LOG: 'silent',
    SVC_RATE_LIMIT: 'off',
    SVC_SYNC: 'normal',
    ...(await testDatabaseEnv()),
    ...env,
  })
  const mails: Mail[] = []
  // Every answer the server sends is checked against the OpenAPI document; close() fails with what broke it.
  const contract = contractObserver((text) => {
    try {
      runLogScan.answer(JSON.parse(text))
    } catch {
      // Not JSON after all: nothing in it to note.
    }
  })
  const { contract: checked, ...parts } = overrides
  const server = await startServer(config, {
    // Every line is scanned for the run's secrets (log-scan.ts), then dropped.
    log: createLogger('debug', runLogScan.sink),
    ...parts,
    observe: async (request, response) => {
      runLogScan.path(new URL(request.url, 'http://no-host.invalid').pathname)
      if (checked !== false) await contract.observe(request, response)
    },
    app: testAppOptions(),
    mailer: { description: 'test mailer', send: async (mail) => void mails.push(mail) },
  })
  return {
    ...server,
    mails,
    account: (email?: string) => makeUser(server.ctx, email),
    async close() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
      const problems = contract.problems()
      if (problems.length > 0)
        throw new Error(
          `Answers of this test server broke the API contract (server/contract/api):\n${[...new Set(problems)].join('\n')}`,
        )
    },
  }
}

/** A fresh, empty config home. */
export const tempConfigHome = () => tempDir('svc-cli-config-')

export interface CliRun {
  code: number
  stdout: string
  stderr: string
  /** stdout parsed as JSON (throws when it is not). */
  json<T = JsonDocument>(): T
}

export interface CliOptions {
  env?: Record<string, string | undefined>
  stdin?: string
  /** Answers prompts as a person at a terminal would (makes the run interactive). */
  prompt?: Io['prompt']
  /** stdout is a terminal too (a person reads the output). */
  stdoutTTY?: boolean
  /** The name the CLI runs as (the single executable's own name, `svc`); `svc-cli` by default. */
  program?: string
}

const finish = (code: number, stdout: string, stderr: string): CliRun => ({
  code,
  stdout,
  stderr,
  json: () => JSON.parse(stdout),
})

/**
 * A fresh test server (closed after the file) with one account, and svc-cli run in-process
 * as that account: `env` holds SVC_URL, SVC_TOKEN and an empty config home.
 */
export async function cliAccount(): Promise<{
  server: TestServer
  env: Record<string, string>
  cli: (...argv: string[]) => Promise<CliRun>
}> {
  const server = await startTestServer()
  afterAll(() => server.close())
  const { token } = await server.account()
  const env = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() }
  return { server, env, cli: (...argv: string[]) => cliInProcess(argv, { env }) }
}

/** Runs svc-cli in this process over buffers (never a TTY unless `prompt` is given). */
export async function cliInProcess(argv: string[], options: CliOptions = {}): Promise<CliRun> {
  const io = bufferedIo(
    { XDG_CONFIG_HOME: tempConfigHome(), ...options.env },
    { stdin: options.stdin, prompt: options.prompt, stdoutTTY: options.stdoutTTY, program: options.program },
  )
  const code = await runCli(argv, io)
  return finish(code, io.out(), io.err())
}

/** Runs `bun cli/main.ts …` as a real process with only the given environment (plus PATH and HOME). */
export async function cliProcess(argv: string[], options: CliOptions = {}): Promise<CliRun> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    XDG_CONFIG_HOME: tempConfigHome(),
  }
  for (const [key, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[key] = value
  const proc = Bun.spawn([BUN, 'cli/main.ts', ...argv], {
    cwd: ROOT,
    env,
    stdin: options.stdin === undefined ? 'ignore' : new TextEncoder().encode(options.stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  // Decoded keeping a byte-order mark (CSV exports start with one; Response.text() drops it).
  const decode = async (stream: ReadableStream<Uint8Array>) =>
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer())
  const [stdout, stderr, code] = await Promise.all([decode(proc.stdout), decode(proc.stderr), proc.exited])
  return finish(code, stdout, stderr)
}

/** Asserts a CLI run succeeded quietly (exit 0, nothing on stderr) and returns it. */
export function expectOk(run: CliRun): CliRun {
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  return run
}
