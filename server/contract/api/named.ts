/**
 * @module Answer shapes with a name of their own (`App`, `Field`, `Record` …): the OpenAPI
 * document lists each once under components/schemas and refers to it wherever it appears,
 * so a generated client gets one type per idea.
 */
import type { z } from 'zod'

const NAMED: Array<readonly [string, z.ZodType]> = []

/** `schema`, listed in the document as `components/schemas/<id>`. */
export function named<S extends z.ZodType>(id: string, schema: S): S {
  if (NAMED.some(([other]) => other === id)) throw new Error(`Two answer shapes are named ${id}`)
  NAMED.push([id, schema])
  return schema
}

/** Every named shape, in the order they were named. */
export const namedSchemas = (): ReadonlyArray<readonly [string, z.ZodType]> => NAMED
