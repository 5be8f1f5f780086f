/**
 * @module Builds the admin page into admin/dist with `bun build --production` (Lit's
 * production build, minified, hashed file names). `npm run build:admin` always builds;
 * `--if-stale` (used by `prestart`) builds only when a source is newer than the output.
 * The output goes to a temporary folder first and is swapped in, so a running server
 * never serves half a build.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const adminDir = dirname(fileURLToPath(import.meta.url))
/** Where the built page lives; server/http/admin.ts serves it. */
export const ADMIN_DIST = join(adminDir, 'dist')
/** Sources outside admin/ that the bundle imports (shared limits). */
const EXTRA_SOURCES = [resolve(adminDir, '../server/core/limits.ts')]

function newestSourceTime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name.startsWith('.dist-')) continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** True when admin/dist is missing or older than any admin source. */
export function adminIsStale(): boolean {
  const index = join(ADMIN_DIST, 'index.html')
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  const sources = Math.max(newestSourceTime(adminDir), ...EXTRA_SOURCES.map((p) => statSync(p).mtimeMs))
  return sources > built
}

/** True when the admin sources are present (not in a trimmed install). */
export function adminSourcesPresent(): boolean {
  return existsSync(join(adminDir, 'index.html')) && existsSync(join(adminDir, 'main.ts'))
}

/** Bundles admin/index.html into admin/dist; throws with bun's output when the build fails. */
export async function buildAdmin(): Promise<void> {
  const staging = join(adminDir, `.dist-${process.pid}-${Date.now()}`)
  // process.execPath is the bun binary both under `bun admin/build.ts` and inside a running server.
  const child = Bun.spawn([process.execPath, 'build', join(adminDir, 'index.html'), '--outdir', staging, '--production'], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()])
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true })
    throw new Error(`Building the admin page failed:\n${err || out}`)
  }
  const old = `${ADMIN_DIST}.old-${process.pid}-${Date.now()}`
  try {
    if (existsSync(ADMIN_DIST)) renameSync(ADMIN_DIST, old)
    renameSync(staging, ADMIN_DIST)
  } catch (error) {
    // Another process (a parallel test file) swapped its own fresh build in meanwhile: keep that one.
    if (!existsSync(join(ADMIN_DIST, 'index.html'))) throw error
    rmSync(staging, { recursive: true, force: true })
  }
  rmSync(old, { recursive: true, force: true })
}

if (import.meta.main) {
  const ifStale = process.argv.includes('--if-stale')
  if (ifStale && !adminIsStale()) {
    console.log('admin page is up to date (admin/dist)')
  } else {
    const started = performance.now()
    await buildAdmin()
    console.log(`admin page built into admin/dist in ${Math.round(performance.now() - started)} ms`)
  }
}
