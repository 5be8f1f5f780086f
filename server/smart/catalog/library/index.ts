/**
 * @module The built-in planner's item library: the assessment kinds it knows, the item
 * banks for common constructs, and lookups of a named dimension in them.
 */
import { LIFE_CONSTRUCTS } from './constructs-life.ts'
import { PRODUCT_CONSTRUCTS } from './constructs-product.ts'
import { WORK_CONSTRUCTS } from './constructs-work.ts'
import { BURNOUT, STRESS, WELLBEING } from './kinds-health.ts'
import { ENGAGEMENT, PERSONALITY, SATISFACTION, SKILLS } from './kinds-work.ts'
import type { DimensionTemplate, KindTemplate } from './types.ts'

/** Every kind with templates, in the order ties in keyword matching are broken. */
export const KINDS: readonly KindTemplate[] = [
  BURNOUT,
  STRESS,
  WELLBEING,
  ENGAGEMENT,
  SATISFACTION,
  SKILLS,
  PERSONALITY,
]

/** Item banks for constructs that belong to no one kind (recognition, sleep quality, taste…). */
export const CONSTRUCTS: readonly DimensionTemplate[] = [...WORK_CONSTRUCTS, ...LIFE_CONSTRUCTS, ...PRODUCT_CONSTRUCTS]

const matches = (dimension: DimensionTemplate, wanted: string): boolean =>
  dimension.key === wanted ||
  dimension.aliases.includes(wanted) ||
  dimension.name.en.toLowerCase() === wanted ||
  dimension.name.zh === wanted

/**
 * The dimension template `name` refers to, if the library has one: kind `preferred` first,
 * then the construct banks, then the other kinds. `kind` is null for a construct bank.
 */
export function findDimension(
  name: string,
  preferred?: KindTemplate,
): { kind: KindTemplate | null; dimension: DimensionTemplate } | null {
  const wanted = name.trim().toLowerCase()
  const inKind = (kind: KindTemplate) => kind.dimensions.find((dimension) => matches(dimension, wanted))
  const own = preferred ? inKind(preferred) : undefined
  if (own) return { kind: preferred!, dimension: own }
  const construct = CONSTRUCTS.find((dimension) => matches(dimension, wanted))
  if (construct) return { kind: null, dimension: construct }
  for (const kind of KINDS) {
    const dimension = kind === preferred ? undefined : inKind(kind)
    if (dimension) return { kind, dimension }
  }
  return null
}

/** Words that name a strain (more is worse), in English and Chinese. */
const STRAIN_WORDS =
  /stress|anxi|worr|overload|workload|burn ?out|exhaust|fatigue|tired|pain|conflict|pressure|lonel|insomnia|procrastinat|distract|frustrat|depress|irritab|tension|symptom|risk|bullying|harass|absence|turnover|overtime|noise|waiting|delay|complain|压力|焦虑|担忧|担心|负担|负荷|工作量|作业量|倦怠|疲劳|疲惫|耗竭|疼痛|冲突|孤独|失眠|拖延|抑郁|烦躁|紧张|症状|风险|欺凌|加班|噪音|等待|投诉/iu

/** Whether an unknown dimension name reads as a strain (a high score is bad news). */
export const namesStrain = (name: string): boolean => STRAIN_WORDS.test(name)
