/**
 * @module Files the server reads at run time, found beside the sources in a checkout and
 * inside the single executable (`npm run build:exe`, scripts/build-exe.ts) under Bun's
 * embedded file system: drizzle/ (migrations), admin/ (the built admin page) and the
 * checkpoint worker. Inside the executable import.meta.url names the source file the
 * bundle was built from, which is not there, so the embedded root is named explicitly.
 */

/** Where `bun build --compile` puts the files passed as `compile.assets` and the extra entry points. */
export const EMBEDDED_ROOT = '/$bunfs/root'

/** True when this process is the single executable (not `bun server/main.ts` nor the bundle). */
export const inExecutable = (): boolean => Bun.isStandaloneExecutable

/** The embedded copy of `path` (relative to the checkout's root) in the executable, else null. */
export function embeddedPath(path: string): string | null {
  return inExecutable() ? `${EMBEDDED_ROOT}/${path}` : null
}

/** A file URL of the embedded copy of `path` in the executable, else undefined (callers use their own default). */
export function embeddedUrl(path: string): URL | undefined {
  const embedded = embeddedPath(path)
  return embedded ? new URL(`file://${embedded}`) : undefined
}
