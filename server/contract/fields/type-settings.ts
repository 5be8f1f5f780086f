/**
 * @module A field's own settings beyond its options, which some types read (rating: `max`).
 * The API's Field has them at its top level, so a caller hands a type the field itself; the
 * field's `settings` column stores them whole, defaults filled in (core/fields/type-settings.ts).
 */

/** A field's own settings; a key left out takes the type's default (its spec's `settings`). */
export interface TypeSettings {
  /** rating: the highest point (answers are 1 to max). */
  max?: number
}
