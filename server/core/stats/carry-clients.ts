/**
 * @module Carries the client tags of one aggregate over to another of the same records (a
 * recount reads records, which hold no client: clients.ts): each field and tracked value
 * keeps the tags it had where it still exists.
 */
import type { Aggregate, ValueCounts } from './aggregate.ts'
import { mergeClients } from './clients.ts'

function carryCounts(from: ValueCounts | null, to: ValueCounts | null): void {
  if (!from || !to) return
  for (const [value, tags] of from.clients)
    if (to.counts.has(value)) to.clients.set(value, mergeClients(to.clients.get(value) ?? [], tags))
}

/** Adds the tags of `from` to the fields and values `to` shares with it. */
export function carryClients(from: Aggregate, to: Aggregate): void {
  for (const [name, field] of to.fields) {
    const before = from.fields.get(name)
    if (!before) continue
    field.clients = mergeClients(field.clients, before.clients)
    carryCounts(before.strings, field.strings)
    carryCounts(before.items, field.items)
  }
}
