/**
 * @module `npm run build:exe`: builds svc into one executable, dist/svc, that does
 * everything svc-cli does (`svc serve`, every client command, `svc mcp`) and needs nothing
 * else on the machine: no checkout, npm or Bun.
 *
 * What the server reads at run time travels inside it (server/embedded.ts says where): the
 * migrations (drizzle/) and the built admin page as embedded files, the checkpoint worker
 * as a second entry point. The fill-in page's script is already imported as text
 * (server/pages/assets.ts). Bytecode makes it start faster than `bun dist/server/main.js`.
 *
 * The build runs twice: the second is laid out by a start-up profile of the first
 * (scripts/exe-profile.ts). Flags: `--target bun-linux-arm64` (any Bun compile target; the
 * machine's own by default; another machine's build is not profiled, since it cannot run
 * here), `--outfile path` (dist/svc by default).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildAdmin } from '../admin/build.ts'
import { recordBytecodeOrder } from './exe-profile.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Where `npm run build:exe` writes the executable. */
export const EXECUTABLE = join(ROOT, 'dist', 'svc')

export interface ExecutableOptions {
  outfile?: string
  /**
   * Build twice, the second time laid out by a start-up profile of the first
   * (scripts/exe-profile.ts): `npm run build:exe` does; tests skip it (same behaviour, half the time).
   */
  profile?: boolean
  /** A Bun compile target such as `bun-linux-arm64`; the running machine's by default. */
  target?: Bun.Build.CompileTarget
}

/** Builds the executable (admin page included) and returns its path; throws with Bun's messages on failure. */
export async function buildExecutable(options: ExecutableOptions = {}): Promise<string> {
  const outfile = options.outfile ?? EXECUTABLE
  // The admin page is built into a temp folder named admin/, so it is embedded as admin/…
  const staging = mkdtempSync(join(tmpdir(), 'svc-exe-'))
  try {
    const admin = join(staging, 'admin')
    await buildAdmin(join(ROOT, 'admin'), admin)
    mkdirSync(dirname(outfile), { recursive: true })
    await compile(outfile, admin, options.target)
    if (options.profile) {
      const training = join(staging, 'training')
      mkdirSync(training)
      await compile(outfile, admin, options.target, await recordBytecodeOrder(outfile, training))
    }
    return outfile
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

/** One `bun build --compile` of the CLI (the server and MCP server inside) into `outfile`. */
async function compile(
  outfile: string,
  admin: string,
  target?: Bun.Build.CompileTarget,
  bytecodeOrder?: string[],
): Promise<void> {
  const result = await Bun.build({
    // The root keeps the worker's embedded name (server/db/sqlite/checkpoint-worker.js) what embedded.ts expects.
    root: ROOT,
    entrypoints: [
      join(ROOT, 'cli', 'main.ts'),
      join(ROOT, 'server', 'db', 'sqlite', 'checkpoint-worker.ts'),
      join(ROOT, 'server', 'core', 'auth', 'hash-worker.ts'),
      join(ROOT, 'server', 'backup', 'worker.ts'),
    ],
    compile: {
      outfile,
      ...(target ? { target } : {}),
      assets: [join(ROOT, 'drizzle'), admin],
      // Nothing from the working directory configures the program: a bunfig.toml could preload
      // code, a .env could set HTTP_PROXY or NODE_TLS_REJECT_UNAUTHORIZED for the CLI and the MCP
      // server (which run inside other people's repositories). `svc serve --env-file` reads one explicitly.
      autoloadBunfig: false,
      autoloadDotenv: false,
      autoloadTsconfig: false,
      autoloadPackageJson: false,
      ...(bytecodeOrder ? { bytecodeOrder } : {}),
    },
    // ESM: the CLI's entry awaits at top level (bytecode with ESM needs compile, which this is).
    format: 'esm',
    minify: true,
    bytecode: true,
    // Each lazily imported command module (the server, the MCP server) becomes a chunk of
    // its own, loaded when used: `svc --help` then loads about 20 modules' bytecode, not the
    // server's thousand (≈ 2× faster to start).
    splitting: true,
    throw: false,
  })
  if (!result.success)
    throw new Error(
      `Building the executable failed:\n${result.logs.map((log) => `${String(log)}${log.position ? ` (${log.position.file}:${log.position.line})` : ''}`).join('\n')}`,
    )
}

/** `bun scripts/build-exe.ts [--target t] [--outfile f]`: builds and says where and how big. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { target: { type: 'string' }, outfile: { type: 'string' } } })
  const started = performance.now()
  const outfile = await buildExecutable({
    outfile: values.outfile,
    target: values.target as Bun.Build.CompileTarget | undefined,
    profile: !values.target,
  })
  const megabytes = (statSync(outfile).size / 1024 / 1024).toFixed(0)
  console.log(`svc built into ${outfile} (${megabytes} MB) in ${Math.round(performance.now() - started)} ms`)
}

if (import.meta.main) {
  void main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
