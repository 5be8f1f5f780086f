/**
 * @module Input checking shared by the apps, fields and share modules. Routes validate
 * bodies with the same zod schemas first (so they appear in the OpenAPI document); core
 * parses again so callers that skip HTTP (admin helpers, the collection worker, tests) get
 * the same rules and the same 422 listing every problem.
 */
import { z } from 'zod'
import { quoteList, validationError, type Problem } from '../errors.ts'

/** The dotted path of a zod issue, `''` for the input as a whole. */
const pathOf = (path: readonly PropertyKey[]): string => path.map(String).join('.')

/** Every zod issue as a svc problem. */
export function problemsOf(error: z.ZodError): Problem[] {
  return error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message }))
}

/** Parses `input` with `schema`, or throws a 422 `validation` error listing every problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw validationError(problemsOf(result.error))
  return result.data
}

/** zod's `error` option for a property: says "is required" when it is missing, `expected` otherwise. */
export const expect = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${expected}`

/**
 * A request body object that refuses unknown properties (a misspelt `nmae` in a PATCH
 * would otherwise be ignored without a word) and says what it wanted when it is not an object.
 */
export function bodyObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape).join(', ')
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown properties ${quoteList(issue.keys)}; allowed: ${allowed}`
        : 'the body must be a JSON object',
  })
}
