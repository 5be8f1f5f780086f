/**
 * @module Which dimensions the built-in planner measures and how many questions each gets:
 * named ones first (from the library when it knows them, generic otherwise), then the
 * kind's own dimensions, then numbered areas; every default is written to the notes.
 */
import { ASSESSMENT, LIMITS } from '../limits.ts'
import type { Analysis } from './analyze.ts'
import { findDimension, KINDS } from './library/index.ts'
import type { Bilingual, ItemTemplate, KindTemplate, Polarity } from './library/types.ts'

export interface ChosenDimension {
  key: string
  name: Bilingual
  polarity: Polarity
  /** Library items for it (empty for a dimension the library does not know). */
  items: ItemTemplate[]
  /** Questions it gets. */
  questions: number
}

/** Questions per dimension when the instruction gives no number. */
export const DEFAULT_QUESTIONS_PER_DIMENSION = 4
export const DEFAULT_QUIZ_QUESTIONS = 10
/** Most dimensions the built-in planner makes; more would leave too few questions each. */
const MAX_DIMENSIONS = Math.min(10, ASSESSMENT.maxScales)

/** A scale key from a name: ASCII slug, or `d<n>` when the name has no Latin letters. */
export function keyFor(name: string, index: number, taken: Set<string>): string {
  const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^[^a-z]+|_+$/g, '').slice(0, 36)
  let key = ASSESSMENT.scaleKeyPattern.test(slug) ? slug : `d${index + 1}`
  for (let n = 2; taken.has(key); n++) key = `${key.replace(/_\d+$/, '')}_${n}`
  taken.add(key)
  return key
}

function kindTemplate(analysis: Analysis): KindTemplate | null {
  return KINDS.find((kind) => kind.kind === analysis.kind) ?? null
}

/** The kind's polarity: quizzes measure mastery, unknown kinds read "higher is better". */
export function kindPolarity(analysis: Analysis): Polarity {
  if (analysis.kind === 'quiz') return 'mastery'
  return kindTemplate(analysis)?.polarity ?? 'higher-better'
}

function named(analysis: Analysis, taken: Set<string>): Omit<ChosenDimension, 'questions'>[] {
  const kind = kindTemplate(analysis)
  return analysis.dimensions.map((name, index) => {
    const known = analysis.kind === 'quiz' ? null : findDimension(name, kind ?? undefined)
    // Two names for one library dimension ("energy", "sleep") stay two dimensions: the second gets generic items.
    if (known && !taken.has(known.dimension.key)) {
      taken.add(known.dimension.key)
      return { key: known.dimension.key, name: known.dimension.name, polarity: known.dimension.polarity ?? known.kind.polarity, items: known.dimension.items }
    }
    return { key: keyFor(name, index, taken), name: { en: name, zh: name }, polarity: kindPolarity(analysis), items: [] }
  })
}

/** Dimensions and question counts for `analysis`, plus the notes on defaults taken. */
export function chooseDimensions(analysis: Analysis): { dimensions: ChosenDimension[]; notes: string[] } {
  const notes: string[] = []
  const taken = new Set<string>()
  const kind = kindTemplate(analysis)
  const topic: Bilingual = { en: analysis.topic ?? 'Overall', zh: analysis.topic ?? '总体' }
  let chosen = named(analysis, taken)
  let wanted = analysis.dimensionCount ?? (chosen.length || null)
  if (wanted !== null && wanted > MAX_DIMENSIONS) {
    notes.push(`Asked for ${wanted} dimensions: made ${MAX_DIMENSIONS}, the most the built-in planner makes.`)
    wanted = MAX_DIMENSIONS
  }
  if (analysis.questions !== null && wanted !== null && analysis.questions < wanted && analysis.questions >= 1) {
    notes.push(`${analysis.questions} questions cannot cover ${wanted} dimensions: every dimension needs at least one question, so there are ${wanted} questions.`)
  }
  if (wanted === null) {
    if (analysis.kind === 'quiz') chosen = [{ key: 'knowledge', name: { en: analysis.topic ? `Knowledge of ${analysis.topic}` : 'Knowledge', zh: analysis.topic ? `${analysis.topic}知识` : '知识掌握' }, polarity: 'mastery', items: [] }]
    else if (kind) {
      const room = analysis.questions ?? Infinity
      chosen = kind.dimensions.slice(0, Math.max(1, Math.min(kind.dimensions.length, room))).map((d) => ({ key: d.key, name: d.name, polarity: d.polarity ?? kind.polarity, items: d.items }))
      notes.push(`No dimensions named: used the ${kind.title.en.toLowerCase()}'s standard dimensions (${chosen.map((d) => d.name.en).join(', ')}).`)
    } else {
      chosen = [{ key: keyFor(topic.en, 0, taken), name: topic, polarity: 'higher-better', items: [] }]
      notes.push(`No dimensions named and no matching template: one overall dimension, "${topic.en}".`)
    }
  } else if (chosen.length > wanted) {
    notes.push(`${chosen.length} dimensions were named but ${wanted} asked for: kept all ${chosen.length} named ones.`)
  } else if (chosen.length < wanted) {
    const extra = (kind?.dimensions ?? []).filter((d) => !chosen.some((c) => c.key === d.key)).slice(0, wanted - chosen.length)
    for (const d of extra) chosen.push({ key: d.key, name: d.name, polarity: d.polarity ?? kind!.polarity, items: d.items })
    for (let n = chosen.length + 1; chosen.length < wanted; n++) {
      chosen.push({ key: keyFor(`area_${n}`, n, taken), name: { en: `Area ${n}`, zh: `领域 ${n}` }, polarity: kindPolarity(analysis), items: [] })
    }
    notes.push(`${wanted} dimensions asked for, ${analysis.dimensions.length} named: added ${chosen.slice(analysis.dimensions.length).map((d) => `"${d.name.en}"`).join(', ')}; rename them to fit your topic.`)
  }
  return { dimensions: distribute(chosen, analysis, notes), notes }
}

function distribute(chosen: Omit<ChosenDimension, 'questions'>[], analysis: Analysis, notes: string[]): ChosenDimension[] {
  const fallback = analysis.kind === 'quiz' ? DEFAULT_QUIZ_QUESTIONS : chosen.length * DEFAULT_QUESTIONS_PER_DIMENSION
  let total = analysis.questions ?? fallback
  if (analysis.questions === null) {
    notes.push(analysis.kind === 'quiz' ? `No number of questions given: used ${total}.` : `No number of questions given: used ${DEFAULT_QUESTIONS_PER_DIMENSION} per dimension (${total} in all).`)
  }
  if (total > LIMITS.maxFields) {
    notes.push(`Asked for ${total} questions: made ${LIMITS.maxFields}, the most fields an app can have.`)
    total = LIMITS.maxFields
  }
  total = Math.max(total, chosen.length)
  const base = Math.floor(total / chosen.length)
  const remainder = total % chosen.length
  return chosen.map((dimension, index) => ({ ...dimension, questions: base + (index < remainder ? 1 : 0) }))
}
