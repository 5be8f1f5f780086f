/**
 * @module The built-in planner's item library: the assessment kinds it knows, and lookups
 * of a named dimension in any of them.
 */
import { BURNOUT, STRESS, WELLBEING } from './kinds-health.ts'
import { ENGAGEMENT, PERSONALITY, SATISFACTION, SKILLS } from './kinds-work.ts'
import type { DimensionTemplate, KindTemplate } from './types.ts'

/** Every kind with templates, in the order ties in keyword matching are broken. */
export const KINDS: readonly KindTemplate[] = [BURNOUT, STRESS, WELLBEING, ENGAGEMENT, SATISFACTION, SKILLS, PERSONALITY]

/** The dimension template `name` refers to (kind `preferred` first), if the library has one. */
export function findDimension(name: string, preferred?: KindTemplate): { kind: KindTemplate; dimension: DimensionTemplate } | null {
  const wanted = name.trim().toLowerCase()
  const kinds = preferred ? [preferred, ...KINDS.filter((kind) => kind !== preferred)] : KINDS
  for (const kind of kinds) {
    for (const dimension of kind.dimensions) {
      if (dimension.key === wanted || dimension.aliases.includes(wanted) || dimension.name.en.toLowerCase() === wanted || dimension.name.zh === wanted) {
        return { kind, dimension }
      }
    }
  }
  return null
}
