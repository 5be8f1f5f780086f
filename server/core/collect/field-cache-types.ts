/**
 * @module The field cache as the context names it (`ctx.caches.fields`, core/context.ts):
 * its interface and the field map it answers with, which the ingest path checks
 * submissions against. The cache itself is core/collect/field-cache.ts.
 */
import type { FieldRule } from '../fields/values.ts'

/** Field rules by name (a Map, so names like `__proto__` are plain keys). */
export type FieldMap = ReadonlyMap<string, FieldRule>

export interface FieldCache {
  /** The app's fields by name, in position order (a cache hit answers at once). */
  of(appId: string): Promise<FieldMap>
}
