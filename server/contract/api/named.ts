/**
 * @module Answer shapes with a name of their own (`App`, `Field`, `Record` …): the OpenAPI
 * document lists each once under components/schemas and refers to it wherever it appears,
 * so a generated client gets one type per idea.
 *
 * Each shape is built on its first use, not when the module loads: answer shapes are read
 * only by the document and the suite's answer checks, and building the route table's zod
 * schemas at load was most of a server start's CPU. The names are listed at load, in order,
 * so the document lists them as before.
 */
import type { z } from 'zod'

const NAMED: Array<readonly [string, () => z.ZodType]> = []

/** What `build` returns, made on the first call and the same on every later one. */
export function onFirstUse<T>(build: () => T): () => T {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: build() }
    return made.value
  }
}

/** `build()`'s schema, made on the first call (onFirstUse), and listed in the document as `components/schemas/<id>`. */
export function named<S extends z.ZodType>(id: string, build: () => S): () => S {
  if (NAMED.some(([other]) => other === id)) throw new Error(`Two answer shapes are named ${id}`)
  const shape = onFirstUse(build)
  NAMED.push([id, shape])
  return shape
}

/** Every named shape, in the order they were named. */
export const namedSchemas = (): ReadonlyArray<readonly [string, z.ZodType]> =>
  NAMED.map(([id, shape]) => [id, shape()] as const)
