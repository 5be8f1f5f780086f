/**
 * @module `npm run bench:exe`: the single executable (`npm run build:exe`) against `npm
 * start`'s bundle. Builds both fresh (into temp folders) and measures, in one run:
 *
 * - start to first answered request (spawn, migrate an empty data dir, listen, GET
 *   /api/v3/health), executable and `bun dist/server/main.js` in alternating pairs, as a
 *   ratio (target ≤ 1.0), median of the pairs;
 * - the executable's size;
 * - `svc --help` and `svc app list` (against a running svc) wall time, median of 20 runs
 *   each after a warm-up (targets: --help ≤ 25 ms), next to `bun cli/main.ts --help`
 *   (svc-cli from the sources) for scale.
 *
 * Flags: `--runs n` (20), `--pairs n` (10).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildAdmin } from '../admin/build.ts'
import { bundleServer } from '../scripts/bundle.ts'
import { buildExecutable } from '../scripts/build-exe.ts'
import { signup } from './lib/api.ts'
import { median } from './lib/measure.ts'
import { ROOT, removeTempDirs, startSvcCommand } from './lib/servers.ts'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, pairs: { type: 'string', default: '10' } },
})
const RUNS = Number(values.runs)
const PAIRS = Number(values.pairs)

/** Milliseconds from spawning `command` to its first answered request, on a fresh data dir; the server is stopped after. */
async function startToFirstAnswer(command: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now()
  const svc = await startSvcCommand(command, env)
  const health = await fetch(`${svc.url}/api/v3/health`)
  const elapsed = performance.now() - started
  if (health.status !== 200) throw new Error(`${command.join(' ')}: health answered ${health.status}`)
  await svc.stop()
  return elapsed
}

/** Median wall time of `command` over RUNS runs after one warm-up; throws unless it exits 0. */
function wallMs(command: string[], env: Record<string, string> = {}): number {
  const times: number[] = []
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now()
    const run = Bun.spawnSync(command, { cwd: ROOT, env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'pipe' })
    const elapsed = performance.now() - started
    if (run.exitCode !== 0) throw new Error(`${command.join(' ')} exited ${run.exitCode}: ${run.stderr.toString()}`)
    if (i > 0) times.push(elapsed)
  }
  return median(times)
}

async function main(): Promise<void> {
  const builds = mkdtempSync(join(tmpdir(), 'svc-bench-exe-'))
  try {
    const exe = join(builds, 'svc')
    const bundle = join(builds, 'server')
    const admin = join(builds, 'admin')
    await Promise.all([
      buildExecutable({ outfile: exe, profile: true }),
      bundleServer(bundle),
      buildAdmin(join(ROOT, 'admin'), admin),
    ])

    const exeMs: number[] = []
    const bundleMs: number[] = []
    const ratios: number[] = []
    for (let i = 0; i < PAIRS; i++) {
      // Alternating, so a machine that slows down weighs on both alike.
      const a = await startToFirstAnswer([exe, 'serve'], {})
      const b = await startToFirstAnswer([process.execPath, join(bundle, 'main.js')], { SVC_ADMIN_DIR: admin })
      exeMs.push(a)
      bundleMs.push(b)
      ratios.push(a / b)
    }

    const server = await startSvcCommand([exe, 'serve'])
    const token = await signup(server.url)
    const client = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: join(builds, 'config') }
    const help = wallMs([exe, '--help'])
    const list = wallMs([exe, 'app', 'list'], client)
    const sourceHelp = wallMs([process.execPath, 'cli/main.ts', '--help'])
    await server.stop()

    const size = statSync(exe).size / 1024 / 1024
    const rows = [
      [
        'executable start to first answered request',
        `${median(exeMs).toFixed(0)} ms`,
        `${median(bundleMs).toFixed(0)} ms (bun dist/server/main.js)`,
        median(ratios).toFixed(2),
        '≤ 1.0',
      ],
      ['executable size', `${size.toFixed(0)} MB`, '', '', ''],
      [
        '`svc --help`',
        `${help.toFixed(1)} ms`,
        `${sourceHelp.toFixed(1)} ms (bun cli/main.ts --help)`,
        (help / sourceHelp).toFixed(2),
        '≤ 25 ms',
      ],
      ['`svc app list` (one app, a running svc)', `${list.toFixed(1)} ms`, '', '', ''],
    ]
    console.log(`| What | svc executable | Compared with (same run) | Ratio | Target |\n|---|---|---|---|---|`)
    for (const row of rows) console.log(`| ${row.join(' | ')} |`)
    console.log(
      `\n(start: median of ${PAIRS} alternating pairs, each on an empty data dir; commands: median of ${RUNS} runs after a warm-up)`,
    )
  } finally {
    rmSync(builds, { recursive: true, force: true })
    removeTempDirs()
  }
}

await main()
