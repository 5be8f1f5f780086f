/**
 * @module Proof that code never touched a path: every function of node:fs (both its
 * namespace and its default export, which Bun keeps apart), node:fs/promises, Bun.file and
 * Bun.write is spied on while a watch is open. A call whose arguments name a watched path
 * is recorded and refused (it throws before the real function runs, so the file is never
 * opened, not even by the check itself); every other call goes through unchanged.
 */
import { spyOn } from 'bun:test'
import * as fs from 'node:fs'
import * as fsPromises from 'node:fs/promises'

export interface FsCall {
  fn: string
  args: string[]
}

export interface FsWatch {
  /** The calls that named a watched path, in order. */
  readonly calls: FsCall[]
  /** Puts every spied function back. */
  [Symbol.dispose](): void
}

const text = (value: unknown): string =>
  value instanceof URL
    ? value.href
    : typeof value === 'string'
      ? value
      : value instanceof Uint8Array
        ? new TextDecoder().decode(value)
        : ''

/** Watches `paths` (any argument containing one counts) until disposed. */
export function watchFs(paths: string[]): FsWatch {
  const calls: FsCall[] = []
  const restore: (() => void)[] = []
  const targets: [string, Record<string, unknown>][] = [
    ['fs', fs as unknown as Record<string, unknown>],
    ['fs.default', (fs as unknown as { default: Record<string, unknown> }).default],
    ['fs.promises', fs.promises as unknown as Record<string, unknown>],
    ['fs/promises', fsPromises as unknown as Record<string, unknown>],
    ['fs/promises.default', (fsPromises as unknown as { default: Record<string, unknown> }).default],
  ]
  const seen = new Set<unknown>()
  for (const [label, target] of targets) {
    if (!target || seen.has(target)) continue
    seen.add(target)
    for (const name of Object.keys(target)) {
      const original = target[name]
      // Classes (ReadStream, Stats…) and constants are not entry points that take a path.
      if (typeof original !== 'function' || /^[A-Z]/.test(name)) continue
      const spy = spyOn(target, name as never).mockImplementation(function (this: unknown, ...args: unknown[]) {
        const named = args.map(text)
        if (named.some((arg) => paths.some((path) => arg.includes(path)))) {
          calls.push({ fn: `${label}.${name}`, args: named })
          throw new Error(`watchFs: ${label}.${name} was called with a watched path`)
        }
        return (original as (...a: unknown[]) => unknown).apply(this, args)
      } as never)
      restore.push(() => spy.mockRestore())
    }
  }
  for (const name of ['file', 'write'] as const) {
    const original = Bun[name] as (...a: unknown[]) => unknown
    const spy = spyOn(Bun, name).mockImplementation(((...args: unknown[]) => {
      const named = args.map(text)
      if (named.some((arg) => paths.some((path) => arg.includes(path)))) {
        calls.push({ fn: `Bun.${name}`, args: named })
        throw new Error(`watchFs: Bun.${name} was called with a watched path`)
      }
      return original.apply(Bun, args)
    }) as never)
    restore.push(() => spy.mockRestore())
  }
  return {
    calls,
    [Symbol.dispose]: () => {
      for (const undo of restore) undo()
    },
  }
}
