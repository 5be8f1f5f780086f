/**
 * @module What a client needs to call an operation by its name: the method and URL path
 * (path parameters encoded) from the route table at runtime, and from the operations'
 * schemas, as types only, what it takes and what it answers. The CLI and the admin page
 * each send the request their own way (timeouts, cookies) through this one description.
 */
import type { z } from 'zod'
import type { Operations } from './operations.ts'
import { routeOf, type Method, type PathOf, type RouteName } from './routes.ts'

/** The names of the path parameters of a path: `/apps/:id/fields/:field` → `'id' | 'field'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The operations the table describes so far. */
export type Described = keyof Operations & RouteName

type OperationOf<N extends Described> = Operations[N]
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never

/** What calling `N` takes: its path parameters, query and JSON body, each only when it has them (a JSON body among `bodies` too: the share ingest). */
export type InputOf<N extends Described> = ([ParamNames<PathOf<N>>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<PathOf<N>>, string> }) &
  (OperationOf<N> extends { query: infer Q } ? { query?: SchemaInput<Q> } : { query?: undefined }) &
  (OperationOf<N> extends { body: infer B }
    ? { body: SchemaInput<B> }
    : OperationOf<N> extends { bodies: { 'application/json': infer B } }
      ? { body: SchemaInput<B> }
      : { body?: undefined })

type SuccessAnswer<N extends Described> = OperationOf<N>['answers'][keyof OperationOf<N>['answers'] & (200 | 201 | 202)]

/**
 * What a successful call of `N` gives back: the envelope's `data`, or the whole JSON body
 * (without `code`) where the operation answers at the top level, or the text of a page.
 */
export type AnswerOf<N extends Described> =
  SuccessAnswer<N> extends { kind: 'json'; data: infer D extends z.ZodType }
    ? z.output<D>
    : SuccessAnswer<N> extends { kind: 'json'; schema: infer S extends z.ZodType }
      ? Omit<z.output<S>, 'code'>
      : SuccessAnswer<N> extends { kind: 'content' }
        ? string
        : undefined

/** The request line of a call: method, path with its parameters filled in (encoded), the query as strings. */
export interface RequestLine {
  method: Method
  path: string
  query: Array<[string, string]>
}

/** Where and how to send a call of `name` with `input`. */
export function requestLine<N extends Described>(name: N, input: InputOf<N>): RequestLine {
  const { method, path } = routeOf(name)
  const params = (input.params ?? {}) as Record<string, string>
  const filled = (path as string).replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined) throw new Error(`${name}: the path parameter ${key} is missing`)
    return encodeURIComponent(value)
  })
  const query: Array<[string, string]> = []
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) query.push([key, String(item)])
    else query.push([key, String(value)])
  }
  return { method, path: filled, query }
}
