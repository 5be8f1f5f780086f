/**
 * @module Browser tests: Debian's Chromium driven by playwright-core (never a downloaded
 * browser), and a real svc server on a free port over a temp data dir with a recording
 * mailer. Without /usr/bin/chromium the browser tests skip with a visible warning.
 */
import { existsSync, rmSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { startServer, type RunningServer } from '../../server/boot.ts'
import { loadConfig } from '../../server/config.ts'
import type { Mail, Mailer } from '../../server/core/mailer.ts'
import { tempDir } from './tmp.ts'
import { testAppOptions } from './admin-build.ts'
import { testDatabaseEnv } from './backend.ts'

export const CHROMIUM_PATH = process.env.SVC_CHROMIUM ?? '/usr/bin/chromium'

/** Flags that keep headless Chromium quiet and offline (STACK.md). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** True when Chromium is installed; otherwise warns once, naming the file that skips. */
export function chromiumAvailable(suite: string): boolean {
  if (existsSync(CHROMIUM_PATH)) return true
  console.warn(
    `⚠ ${suite}: skipped — no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set SVC_CHROMIUM)`,
  )
  return false
}

/** Launches headless Chromium. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

export interface BrowserTestServer {
  server: RunningServer
  /** Origin the browser uses, e.g. http://127.0.0.1:41234 */
  url: string
  /** Every mail the server sent (login codes), newest last. */
  mails: Mail[]
  stop(): Promise<void>
}

/** Starts svc on a free port with a temp data dir (or a new PostgreSQL database); `env` adds configuration variables. */
export async function startBrowserTestServer(env: Record<string, string> = {}): Promise<BrowserTestServer> {
  const dataDir = tempDir('svc-browser-')
  const mails: Mail[] = []
  const mailer: Mailer = {
    description: 'recording mailer',
    async send(mail) {
      mails.push(mail)
    },
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SVC_LOG: 'silent',
    SVC_SYNC: 'normal',
    SVC_RATE_LIMIT: 'off',
    ...(await testDatabaseEnv()),
    ...env,
    SVC_DATA_DIR: dataDir,
  })
  const server = await startServer(config, { mailer, app: testAppOptions() })
  return {
    server,
    url: server.url,
    mails,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A test file's server and Chromium, ended together by `close()`. */
export interface BrowserTest {
  svc: BrowserTestServer
  browser: Browser
  close(): Promise<void>
}

/** Starts svc (with `env`, as `startBrowserTestServer`) and Chromium; if Chromium fails to start, the server is stopped again. */
export async function startBrowserTest(env: Record<string, string> = {}): Promise<BrowserTest> {
  const svc = await startBrowserTestServer(env)
  let browser: Browser
  try {
    browser = await launchChromium()
  } catch (error) {
    await svc.stop()
    throw error
  }
  return {
    svc,
    browser,
    async close() {
      await browser.close()
      await svc.stop()
    },
  }
}
