/**
 * @module The audit entry a unit of work (one request) leaves. Core names the actor and the
 * action before it calls the stores (`noteAudit`); the store that commits the first change
 * writes the entry inside that change's transaction (`auditRowOf` before the commit,
 * `auditCommitted` after it), so a change and its entry commit together or not at all, and a
 * refused or rolled-back change leaves none. Work that changes nothing a store announces
 * (an export, the account's own settings) is written once the unit ends well (`pendingAudit`).
 * The unit travels with the request through AsyncLocalStorage: no store signature carries it.
 * Core reaches these through the storage (`Storage.units`), the stores import them.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { AuditRow } from './audit.ts'

/** What the entry says, apart from its id and time. */
export type AuditNote = Omit<AuditRow, 'id' | 'at'>

class Unit {
  note: AuditNote | null = null
  written = false
  constructor(readonly address: string) {}
}

const units = new AsyncLocalStorage<Unit>()

/** Runs `work` as one unit of work from the client at `address` (a request). */
export const inAuditUnit = <T>(address: string, work: () => T): T => units.run(new Unit(address), work)

/** The client address of the unit under way ('' outside one). */
export const unitAddress = (): string => units.getStore()?.address ?? ''

/** Says what the unit under way does; later calls amend it (a target, the settings before and after). */
export function noteAudit(note: Partial<AuditNote>): void {
  const unit = units.getStore()
  if (!unit || unit.written) return
  if (unit.note) Object.assign(unit.note, note)
  else if (note.action && note.via) {
    unit.note = {
      accountId: null,
      appId: null,
      actorId: null,
      actorEmail: null,
      address: unit.address,
      target: null,
      before: null,
      after: null,
      ...note,
    } as AuditNote
  }
}

/** Drops what the unit was to record (an operation that turned out to change nothing). */
export function dropAudit(): void {
  const unit = units.getStore()
  if (unit) unit.note = null
}

/**
 * The entry a store writes inside the transaction of the first change it commits for
 * `appId` (null: a change of the account's) in this unit (the note's own app, when it
 * names one); null when there is nothing to write.
 */
export function auditRowOf(appId: string | null, now: number): AuditRow | null {
  const unit = units.getStore()
  if (!unit?.note || unit.written) return null
  return { id: Bun.randomUUIDv7(), at: now, ...unit.note, appId: unit.note.appId ?? appId }
}

/** The transaction that wrote `auditRowOf`'s entry committed. */
export function auditCommitted(): void {
  const unit = units.getStore()
  if (unit) unit.written = true
}

/** The entry no transaction wrote yet (null: none, or written); marks it written. */
export function pendingAudit(now: number): AuditRow | null {
  const unit = units.getStore()
  if (!unit?.note || unit.written) return null
  unit.written = true
  return { id: Bun.randomUUIDv7(), at: now, ...unit.note }
}

/** What core may do with the unit under way (the storage's `units`). */
export interface AuditUnits {
  run<T>(address: string, work: () => T): T
  address(): string
  note(note: Partial<AuditNote>): void
  drop(): void
  pending(now: number): AuditRow | null
}

export const auditUnits: AuditUnits = {
  run: inAuditUnit,
  address: unitAddress,
  note: noteAudit,
  drop: dropAudit,
  pending: pendingAudit,
}
