/**
 * @module `--against <git ref>`: a benchmark run on two builds side by side. The ref is
 * exported (`git archive`) into a fresh temp dir outside the checkout, given this tree's
 * node_modules as hard links when the lock files are the same (`npm ci` otherwise), and its
 * bundle built as `npm start` builds it. Then this tree's bench script runs on the ref's
 * bundle (A, old) and on this tree's (B, new) in alternating rounds A B B A, each round a
 * process of its own printing its goals as JSON, and each goal's figure is printed new/old:
 * a load that drifts during the run weighs on both sides alike.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Goal } from './measure.ts'
import { BENCH_BUNDLE_ENV, ROOT } from './servers.ts'

/** Runs `command` in `cwd`, output passed through; throws with `what` when it fails. */
async function run(command: string[], cwd: string, what: string): Promise<void> {
  // Its output goes to stderr: stdout carries only the comparison table.
  const proc = Bun.spawn(command, { cwd, stdin: 'ignore', stdout: 2, stderr: 'inherit' })
  if ((await proc.exited) !== 0) throw new Error(`${what} failed (${command.join(' ')})`)
}

/** The commit `ref` names, so the report says what was measured even for a moving branch. */
function commitOf(ref: string): string {
  const proc = Bun.spawnSync(['git', 'rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT })
  if (proc.exitCode !== 0) throw new Error(`not a git ref here: ${ref}`)
  return proc.stdout.toString().trim()
}

/** Exports `commit` into a temp dir with its dependencies and its bundle; returns the dir. */
async function buildRef(commit: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-ref-'))
  const archive = Bun.spawn(['git', 'archive', '--format=tar', commit], { cwd: ROOT, stdout: 'pipe' })
  const untar = Bun.spawn(['tar', '-x', '-C', dir], { stdin: archive.stdout, stderr: 'inherit' })
  if ((await archive.exited) !== 0 || (await untar.exited) !== 0) throw new Error(`git archive ${commit} failed`)
  const lock = (root: string) => {
    const file = join(root, 'package-lock.json')
    return existsSync(file) ? readFileSync(file, 'utf8') : null
  }
  if (lock(dir) !== null && lock(dir) === lock(ROOT))
    await run(['cp', '-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')], dir, 'linking node_modules')
  else await run(['npm', 'ci', '--no-audit', '--no-fund'], dir, 'npm ci')
  // What `npm start`'s prestart does, with this process's bun (bytecode is specific to a Bun version).
  await run([process.execPath, 'admin/build.ts', '--if-stale'], dir, 'building the admin page')
  // The bundler moved from server/ to scripts/; a ref from before the move has it at the old place.
  const bundler = existsSync(join(dir, 'scripts', 'bundle.ts')) ? 'scripts/bundle.ts' : 'server/bundle.ts'
  await run([process.execPath, bundler], dir, 'bundling the server')
  return dir
}

/** One round: `script` in its own process, on the given bundle (or this tree's); its goals. */
async function round(script: string, args: string[], bundle: string | null): Promise<Goal[]> {
  const env: Record<string, string | undefined> = { ...process.env }
  if (bundle) env[BENCH_BUNDLE_ENV] = bundle
  else delete env[BENCH_BUNDLE_ENV]
  const proc = Bun.spawn([process.execPath, script, ...args, '--json'], {
    cwd: ROOT,
    env,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const output = await new Response(proc.stdout).text()
  if ((await proc.exited) !== 0) throw new Error(`${script} failed (${bundle ?? 'this tree'})`)
  return JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as Goal[]
}

/** The order of `count` rounds: A B B A, repeated. */
export const roundOrder = (count: number): Array<'A' | 'B'> =>
  Array.from({ length: count }, (_, i) => (i % 4 === 0 || i % 4 === 3 ? 'A' : 'B'))

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
const figure = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3))

/** Each goal with a figure, new (B) against old (A), as a Markdown table on stdout. */
function printComparison(label: string, rounds: Record<'A' | 'B', Goal[][]>): void {
  console.log(`\n| Goal | ${label} (old, rounds) | this tree (new, rounds) | new/old | Better |\n|---|---|---|---|---|`)
  // Both sides ran this tree's script, so the goals come in the same order in every round.
  rounds.B[0].forEach((goal, index) => {
    if (goal.value === undefined) return
    const old = rounds.A.map((goals) => goals[index]?.value ?? Number.NaN)
    const now = rounds.B.map((goals) => goals[index]?.value ?? Number.NaN)
    const ratio = mean(now) / mean(old)
    console.log(
      `| ${goal.goal} | ${figure(mean(old))} (${old.map(figure).join(', ')}) | ${figure(mean(now))} (${now.map(figure).join(', ')}) | ${ratio.toFixed(2)} | ${goal.better ?? ''} |`,
    )
  })
}

/**
 * Runs `script args` on `ref`'s build and on this tree's in alternating rounds (`--rounds N`,
 * default 4: A B B A) and prints every goal's figure new/old.
 */
export async function compareWith(ref: string, script: string, args: string[]): Promise<void> {
  const roundsArg = process.argv.indexOf('--rounds')
  const count = roundsArg === -1 ? 4 : Number(process.argv[roundsArg + 1])
  if (!Number.isInteger(count) || count < 2) throw new Error('--rounds needs a whole number of at least 2')
  const commit = commitOf(ref)
  const label = `${ref} (${commit.slice(0, 7)})`
  console.error(`building ${label} in a temp dir…`)
  const dir = await buildRef(commit)
  // Interrupted (Ctrl-C), the export of the ref goes too.
  const interrupted = () => {
    rmSync(dir, { recursive: true, force: true })
    process.exit(130)
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  try {
    const rounds: Record<'A' | 'B', Goal[][]> = { A: [], B: [] }
    for (const [i, side] of roundOrder(count).entries()) {
      console.error(`\nround ${i + 1}/${count}: ${side === 'A' ? label : 'this tree'}`)
      const bundle = side === 'A' ? join(dir, 'dist', 'server', 'main.js') : null
      // One failed round (a peer that did not start in time on a loaded machine) is run again once.
      rounds[side].push(
        await round(script, args, bundle).catch((error: unknown) => {
          console.error(`round ${i + 1} failed (${error instanceof Error ? error.message : error}); running it again`)
          return round(script, args, bundle)
        }),
      )
    }
    printComparison(label, rounds)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
