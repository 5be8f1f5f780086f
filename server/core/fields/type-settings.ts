/**
 * @module The stored settings a field's type has of its own (its spec's `settings`: a
 * rating's `max`), the field's top-level keys in the API. Stored whole in `settings` (defaults
 * filled in), so a later change of a default does not change a field the owner made; a field
 * changed to a type without settings loses them. File fields keep theirs apart
 * (file-settings.ts), as their limits depend on the server.
 */
import type { TypeSettings } from '../../contract/fields/type-settings.ts'
import { fieldTypeSpec, type FieldType } from '../../contract/fields/types/index.ts'

/** The settings a field add or change may carry. */
export type TypeSettingsPatch = { [Key in keyof TypeSettings]?: TypeSettings[Key] | null }

/** The keys of `type`'s own settings (none for most types). */
const keysOf = (type: FieldType): Array<keyof TypeSettings> =>
  Object.keys(fieldTypeSpec(type).settings ?? {}) as Array<keyof TypeSettings>

/** Reads stored `settings` (JSON text or null, maybe another type's) as `type`'s settings, defaults filled in; {} for a type without. */
export function storedTypeSettings(type: FieldType, settings: string | null): TypeSettings {
  const defaults = fieldTypeSpec(type).settings
  if (!defaults) return {}
  const stored = settings === null ? {} : (JSON.parse(settings) as Record<string, unknown>)
  const result: TypeSettings = { ...defaults }
  for (const key of keysOf(type)) if (typeof stored[key] === typeof defaults[key]) result[key] = stored[key] as never
  return result
}

/** The stored settings of a field of `type` after `patch` on its stored `settings` (null for a new field, or for a type without). */
export function typeSettingsAfter(type: FieldType, settings: string | null, patch: TypeSettingsPatch): string | null {
  if (!fieldTypeSpec(type).settings) return null
  const next = storedTypeSettings(type, settings)
  for (const key of keysOf(type)) if (patch[key] !== undefined && patch[key] !== null) next[key] = patch[key]
  return JSON.stringify(next)
}
