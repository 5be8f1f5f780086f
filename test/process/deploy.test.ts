/**
 * deploy/svc.service as systemd would run it: the executable from ExecStart, only the
 * unit's Environment= variables, its WorkingDirectory and its StateDirectory as the data
 * dir (all moved under a temp folder), PORT 0 instead of 8787 so runs never collide. It
 * starts on the empty state directory, answers health, keeps its data there, and exits 0 on
 * the unit's KillSignal. The unit itself passes `systemd-analyze verify`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { testExecutable } from '../support/executable.ts'
import { ROOT, startListening, type ServerProcess } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer } from '../support/call.ts'

const UNIT = readFileSync(join(ROOT, 'deploy', 'svc.service'), 'utf8')

/** Every `Key=value` of the unit, in order (a key may repeat). */
const settings = [...UNIT.matchAll(/^(\w+)=(.*)$/gm)].map((match) => [match[1], match[2]] as const)
const setting = (key: string) => settings.find(([name]) => name === key)?.[1]

let svc: string
let running: ServerProcess | undefined
const root = tempDir('svc-deploy-')
/** The unit's paths under the temp folder: /var/lib/svc → <root>/var/lib/svc. */
const moved = (path: string) => join(root, path)

beforeAll(async () => {
  svc = await testExecutable()
}, 120_000)

afterAll(() => {
  running?.proc.kill('SIGKILL')
})

describe('deploy/svc.service', () => {
  test('says what the README says: the executable, a dynamic user, its state directory as data dir and working dir', () => {
    expect(setting('ExecStart')).toBe('/usr/local/bin/svc serve')
    expect([
      setting('DynamicUser'),
      setting('StateDirectory'),
      setting('WorkingDirectory'),
      setting('ProtectSystem'),
    ]).toEqual(['yes', 'svc', '/var/lib/svc', 'strict'])
    expect(setting('Restart')).toBe('on-failure')
  })

  test('the executable run the way the unit runs it starts on the empty state directory, answers health and exits 0 on KillSignal', async () => {
    const env: Record<string, string> = {}
    for (const [key, value] of settings)
      if (key === 'Environment') env[value.slice(0, value.indexOf('='))] = value.slice(value.indexOf('=') + 1)
    expect(Object.keys(env).sort()).toEqual(['HOST', 'PORT', 'SVC_BASE_URL', 'SVC_DATA_DIR', 'SVC_TRUST_PROXY'])
    // systemd makes the state directory (mode StateDirectoryMode) before starting the service.
    const stateDir = moved(`/var/lib/${setting('StateDirectory')}`)
    mkdirSync(stateDir, { recursive: true, mode: Number.parseInt(setting('StateDirectoryMode')!, 8) })
    const [program, ...args] = setting('ExecStart')!.split(' ')
    expect(program).toBe('/usr/local/bin/svc')
    running = await startListening([svc, ...args], {
      cwd: moved(setting('WorkingDirectory')!),
      // systemd passes no PATH of the shell: the executable needs none.
      env: { ...env, SVC_DATA_DIR: moved(env.SVC_DATA_DIR), PORT: '0' },
      dataDir: stateDir,
    })
    expect(running.url).toStartWith('http://127.0.0.1:')
    const health = await callServer(running.url, 'health.get')
    expect([health.status, health.body]).toEqual([
      200,
      { code: 200, data: { status: 'ok', version: expect.any(String) } },
    ])
    // Links name the public URL the reverse proxy serves.
    expect(running.output()).toContain(`Admin     ${env.SVC_BASE_URL}/admin/`)
    expect(existsSync(join(stateDir, 'svc.db'))).toBe(true)
    expect(statSync(join(stateDir, 'secret.key')).mode & 0o777).toBe(0o600)

    expect(setting('KillSignal')).toBe('SIGTERM')
    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    running = undefined
  }, 30_000)

  test('passes systemd-analyze verify', async () => {
    if (!Bun.which('systemd-analyze')) {
      console.warn('systemd-analyze is not installed: the unit file was not verified')
      return
    }
    // The same unit with ExecStart naming the built executable (verify checks that it exists).
    const unit = join(tempDir('svc-unit-'), 'svc.service')
    writeFileSync(unit, UNIT.replaceAll('/usr/local/bin/svc', svc))
    const verify = Bun.spawnSync(['systemd-analyze', 'verify', unit], { stdout: 'pipe', stderr: 'pipe' })
    expect({ code: verify.exitCode, stderr: verify.stderr.toString() }).toEqual({ code: 0, stderr: '' })
  })
})
