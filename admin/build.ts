/**
 * @module Builds the admin page into admin/dist with `bun build --production` (Lit's
 * production build, minified, hashed file names). `npm run build:admin` always builds;
 * `--if-stale` (used by `prestart`) builds only when a source is newer than the output.
 * Text files get Brotli and gzip copies beside them (compressAssets). The output goes to a
 * temporary folder first and is swapped in, so a running server never serves half a build. The server never builds it: `npm start`'s prestart, `svc-cli
 * serve` from a checkout, the executable's build (scripts/build-exe.ts) and the tests'
 * set-up (test/support/admin-build.ts) do, before a server starts.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** admin/ when this file runs from its own place (`bun admin/build.ts`). */
const ADMIN_DIR = fileURLToPath(new URL('.', import.meta.url))

/** Where the built page of `adminDir` lives; server/http/admin.ts serves it. */
export function adminDist(adminDir = ADMIN_DIR): string {
  return join(adminDir, 'dist')
}

/** Sources outside admin/ that the bundle imports: the contract (routes, limits, field types, snippets). */
function extraSources(adminDir: string): string[] {
  return [resolve(adminDir, '../server/contract')]
}

function newestSourceTime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name.startsWith('.dist-')) continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** True when the build in `dist` (admin/dist by default) is missing or older than any admin source. */
export function adminIsStale(adminDir = ADMIN_DIR, dist = adminDist(adminDir)): boolean {
  const index = join(dist, 'index.html')
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  const sources = Math.max(
    newestSourceTime(adminDir),
    ...extraSources(adminDir).map((p) => (statSync(p).isDirectory() ? newestSourceTime(p) : statSync(p).mtimeMs)),
  )
  return sources > built
}

/** True when the admin sources are present (not in a trimmed install). */
export function adminSourcesPresent(adminDir = ADMIN_DIR): boolean {
  return existsSync(join(adminDir, 'index.html')) && existsSync(join(adminDir, 'main.ts'))
}

/** The `bun build` command line that bundles `adminDir`'s page into `outDir` (run by the bun running this). */
export function adminBuildCommand(adminDir: string, outDir: string): string[] {
  return [process.execPath, 'build', join(adminDir, 'index.html'), '--outdir', outDir, '--production']
}

/** What is worth compressing: text. Fonts and images are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.map', '.json'])

/**
 * Writes a Brotli (`<name>.br`) and a gzip (`<name>.gz`) copy beside each text file of `dir`,
 * once, at build time, so the server sends a fraction of the bytes without compressing per
 * request (server/http/admin.ts picks by Accept-Encoding).
 */
export function compressAssets(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.has(extname(name))) continue
    const raw = readFileSync(join(dir, name))
    writeFileSync(
      join(dir, `${name}.br`),
      brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    )
    writeFileSync(join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }))
  }
}

/** Bundles admin/index.html into `dist` (admin/dist by default); throws with bun's output when the build fails. */
export async function buildAdmin(adminDir = ADMIN_DIR, dist = adminDist(adminDir)): Promise<void> {
  // Beside the output, so the swap below is a rename within one folder.
  const staging = join(dirname(dist), `.${basename(dist)}-${process.pid}-${Date.now()}`)
  const child = Bun.spawn(adminBuildCommand(adminDir, staging), {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ])
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true })
    throw new Error(`Building the admin page failed:\n${err || out}`)
  }
  compressAssets(staging)
  const old = `${dist}.old-${process.pid}-${Date.now()}`
  try {
    if (existsSync(dist)) renameSync(dist, old)
    renameSync(staging, dist)
  } catch (error) {
    // Another process (a parallel test file) swapped its own fresh build in meanwhile: keep that one.
    if (!existsSync(join(dist, 'index.html'))) throw error
    rmSync(staging, { recursive: true, force: true })
  }
  rmSync(old, { recursive: true, force: true })
}

/** Builds admin/dist when it is missing or older than the sources (a checkout's `svc-cli serve`); true when it built. */
export async function buildAdminIfStale(): Promise<boolean> {
  if (!adminSourcesPresent() || !adminIsStale()) return false
  await buildAdmin()
  return true
}

/** `bun admin/build.ts [--if-stale]`: builds the admin page (or says it is up to date). */
async function main(): Promise<void> {
  if (process.argv.includes('--if-stale') && !adminIsStale()) {
    console.log('admin page is up to date (admin/dist)')
    return
  }
  const started = performance.now()
  await buildAdmin()
  console.log(`admin page built into admin/dist in ${Math.round(performance.now() - started)} ms`)
}

if (import.meta.main) {
  void main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
