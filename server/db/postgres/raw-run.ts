/** @module SQL text with bound parameters on Bun.SQL's raw pool or a raw transaction (hot paths). */
import type { SQL } from 'bun'

/** Sends SQL text with bound parameters and answers the rows. */
export type RawRun = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>

/** A RawRun over a Bun.SQL pool or transaction. */
export const rawRun =
  (client: Pick<SQL, 'unsafe'>): RawRun =>
  (text, params = []) =>
    client.unsafe(text, params) as Promise<never>
