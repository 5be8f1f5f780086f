/**
 * @module Builds the server into one bytecode bundle, dist/server/main.js (+ main.js.jsc),
 * which `npm start` runs. From sources, start-up is mostly Bun resolving, reading and
 * compiling some 800 modules; from the bundle it loads precompiled bytecode, about a third
 * of the time. `npm test`, `npm run dev` and `svc-cli serve` keep running the sources.
 *
 * `bun scripts/bundle.ts` always builds; `--if-stale` (used by `prestart`) builds only when
 * an input is newer than the bundle: any file the bundle holds (sources, packages,
 * package.json), this builder, or the bun binary (bytecode is specific to a Bun version).
 * The output goes to a temporary folder first and is swapped in whole.
 *
 * Bun writes each source file's own URL into a CommonJS bundle in place of import.meta.url,
 * so server/db/sqlite/migrate.ts, server/http/admin.ts, server/db/sqlite/checkpoints.ts and
 * server/core/auth/password-hasher.ts find the checkout's drizzle/, admin/, checkpoint worker
 * and password-hashing worker from the bundle wherever it is.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Where `npm start` finds the bundle. */
export const BUNDLE_DIR = join(ROOT, 'dist', 'server')
/** The files the last build read, kept beside it for the staleness check. */
const INPUTS_FILE = 'inputs.json'

/** Bundles server/main.ts into `outDir`; throws with Bun's messages when the build fails. */
export async function bundleServer(outDir = BUNDLE_DIR): Promise<void> {
  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`
  try {
    const result = await Bun.build({
      entrypoints: [join(ROOT, 'server', 'main.ts')],
      outdir: staging,
      target: 'bun',
      // Bytecode needs CommonJS outside `--compile`, hence no top-level await anywhere in the server.
      format: 'cjs',
      bytecode: true,
      metafile: true,
      // Report Bun's own messages (file, line, what is wrong) instead of a bare AggregateError.
      throw: false,
    })
    if (!result.success || !result.metafile)
      throw new Error(`Bundling the server failed:\n${result.logs.map(String).join('\n')}`)
    const inputs = Object.keys(result.metafile.inputs).map((path) => resolve(ROOT, path))
    writeFileSync(
      join(staging, INPUTS_FILE),
      JSON.stringify([...inputs, fileURLToPath(import.meta.url), process.execPath]),
    )
    mkdirSync(join(outDir, '..'), { recursive: true })
    const old = `${outDir}.old-${process.pid}-${Date.now()}`
    if (existsSync(outDir)) renameSync(outDir, old)
    renameSync(staging, outDir)
    rmSync(old, { recursive: true, force: true })
  } finally {
    // Gone after a successful swap; what a failed build left behind otherwise.
    rmSync(staging, { recursive: true, force: true })
  }
}

/** True when the bundle in `outDir` is missing or any of its inputs changed since it was built. */
export function bundleIsStale(outDir = BUNDLE_DIR): boolean {
  const main = join(outDir, 'main.js')
  const inputsFile = join(outDir, INPUTS_FILE)
  if (!existsSync(main) || !existsSync(inputsFile)) return true
  const built = statSync(main).mtimeMs
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as string[]
  // A file added to the graph comes with an edited import in a file already listed.
  return inputs.some((path) => !existsSync(path) || statSync(path).mtimeMs > built)
}

/** `bun scripts/bundle.ts [--if-stale]`: builds the bundle (or says it is up to date). */
async function main(): Promise<void> {
  if (process.argv.includes('--if-stale') && !bundleIsStale()) {
    console.log('server bundle is up to date (dist/server)')
    return
  }
  const started = performance.now()
  await bundleServer()
  console.log(`server bundled into dist/server in ${Math.round(performance.now() - started)} ms`)
}

if (import.meta.main) {
  void main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
