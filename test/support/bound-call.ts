/**
 * @module `callServer` with the server and the caller fixed: what a test that acts as one
 * owner against one real server (the browser tests) passes around instead of a base URL,
 * a token and a method-and-path helper of its own.
 */
import type { AnswerOf, Described } from '../../server/contract/api/request.ts'
import { callServer, type BodyOf, type CallArgs, type CallResponse, type ServerCallOptions } from './call.ts'

/** Calls an operation by name on a fixed server as a fixed caller; the options may add headers or a raw body. */
export type BoundCall = <N extends Described>(
  name: N,
  ...args: CallArgs<N, Omit<ServerCallOptions, 'token'>>
) => Promise<CallResponse<BodyOf<N>>>

/**
 * Calls operations on the server at `base` with `token` (none: as a stranger; a function:
 * the token it gives at each call, for one a `beforeAll` sets).
 */
export function boundCaller(base: string, token?: string | (() => string)): BoundCall {
  // The rest tuple of a generic name does not survive the spread, so the call is made untyped;
  // BoundCall's own signature is what callers see.
  return (name, ...[input, options = {}]) =>
    (callServer as (...args: unknown[]) => ReturnType<BoundCall>)(base, name, input, {
      ...options,
      token: typeof token === 'function' ? token() : token,
    })
}

/** Calls an operation and gives what it answers on success (`data`, or the top-level body); anything but 200 throws. */
export type DataCall = <N extends Described>(
  name: N,
  ...args: CallArgs<N, Omit<ServerCallOptions, 'token'>>
) => Promise<AnswerOf<N>>

/** `call`, giving the answer's data and throwing, with the operation's name and the answer, on any status but 200. */
export function dataCaller(call: BoundCall): DataCall {
  return async (name, ...args) => {
    const res = await call(name, ...args)
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.text}`)
    const body = res.body as { data?: unknown }
    return (typeof body === 'object' && body !== null && 'data' in body ? body.data : body) as AnswerOf<typeof name>
  }
}
