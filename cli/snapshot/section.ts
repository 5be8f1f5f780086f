/**
 * @module What a snapshot section is: a name, how to load its state of an app, and how
 * it reads as Markdown. The assessment modules add theirs in sections.ts.
 */
import { requestLine, type AnswerOf, type Described, type InputOf } from '../../server/contract/api/request.ts'
import type { SvcClient } from '../client.ts'

export type Detail = 'summary' | 'full'

export interface SnapshotSection<T = unknown> {
  name: string
  /** Loads the section; `shared` holds what earlier sections fetched (the app, its fields). */
  load(client: SvcClient, appId: string, shared: Map<string, unknown>): Promise<T>
  /** Shortens the data for `summary` detail (default: unchanged). */
  brief?(data: T): unknown
  markdown(data: T, detail: Detail): string
}

/**
 * Calls read operation `name` of the route table once per snapshot, however many sections
 * need it (keyed by the path, with its query).
 */
export async function cachedCall<N extends Described>(
  shared: Map<string, unknown>,
  client: SvcClient,
  name: N,
  input: InputOf<N>,
): Promise<AnswerOf<N>> {
  const line = requestLine(name, input)
  const query = new URLSearchParams(line.query).toString()
  const key = query ? `${line.path}?${query}` : line.path
  if (!shared.has(key)) shared.set(key, client.call(name, input))
  return (await shared.get(key)) as AnswerOf<N>
}

/** Markdown-escapes a table cell. */
export const mdCell = (value: unknown) =>
  (value === null || value === undefined || value === ''
    ? '-'
    : Array.isArray(value)
      ? value.join(', ')
      : String(value)
  )
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ')
