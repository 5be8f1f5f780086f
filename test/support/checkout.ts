/**
 * @module A fresh clone of this checkout for tests that follow the README from the start: the
 * files a clone of the working tree would hold (tracked and new, nothing ignored: no
 * node_modules, dist or data), copied with their modes into a temp folder, and the
 * checkout's node_modules linked in as `npm install` would have made it.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, statSync, symlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ROOT } from './process.ts'
import { tempDir } from './tmp.ts'

/** The path of a new fresh clone, with node_modules in place. */
export function freshClone(): string {
  const listed = Bun.spawnSync(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  if (listed.exitCode !== 0) throw new Error(`git ls-files failed: ${listed.stderr.toString()}`)
  const clone = join(tempDir('svc-clone-'), 'svc')
  for (const file of listed.stdout.toString().split('\0')) {
    const from = join(ROOT, file)
    // Listed but deleted in the working tree: a clone after the next commit would not have it.
    if (!file || !existsSync(from)) continue
    const to = join(clone, file)
    mkdirSync(dirname(to), { recursive: true })
    copyFileSync(from, to)
    chmodSync(to, statSync(from).mode & 0o777)
  }
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'))
  return clone
}
