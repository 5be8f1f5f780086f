/**
 * @module What a snapshot section is: a name, how to load its state of an app, and how
 * it reads as Markdown. The assessment modules add theirs in sections.ts.
 */
import type { AnswerOf, Described, InputOf } from '../../server/contract/api/request.ts'
import type { SvcClient } from '../client.ts'

export type Detail = 'summary' | 'full'

export interface SnapshotSection<T = any> {
  name: string
  /** Loads the section; `shared` holds what earlier sections fetched (the app, its fields). */
  load(client: SvcClient, appId: string, shared: Map<string, unknown>): Promise<T>
  /** Shortens the data for `summary` detail (default: unchanged). */
  brief?(data: T): unknown
  markdown(data: T, detail: Detail): string
}

/** Percent-encoded app path. */
export const appPath = (appId: string) => `/api/v3/apps/${encodeURIComponent(appId)}`

/** Loads a path once per snapshot, however many sections need it. */
export async function cached<T>(shared: Map<string, unknown>, client: SvcClient, path: string): Promise<T> {
  if (!shared.has(path)) shared.set(path, client.request<T>('GET', path))
  return (await shared.get(path)) as T
}

/** Calls operation `name` of the route table once per snapshot, however many sections need its answer. */
export async function cachedCall<N extends Described>(shared: Map<string, unknown>, client: SvcClient, name: N, input: InputOf<N>): Promise<AnswerOf<N>> {
  const key = `${name} ${JSON.stringify(input)}`
  if (!shared.has(key)) shared.set(key, client.call(name, input))
  return (await shared.get(key)) as AnswerOf<N>
}

/** Markdown-escapes a table cell. */
export const mdCell = (value: unknown) =>
  (value === null || value === undefined || value === '' ? '-' : Array.isArray(value) ? value.join(', ') : String(value)).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')
