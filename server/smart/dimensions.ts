/**
 * @module Which dimensions the built-in planner measures and how many questions each gets:
 * named ones first (from the library when it knows them, generic otherwise), then the
 * kind's own dimensions, then numbered areas; every default is written to the notes.
 */
import { ASSESSMENT, LIMITS } from '../contract/limits.ts'
import type { Analysis } from './analyze.ts'
import { findDimension, KINDS, namesStrain } from './catalog/library/index.ts'
import type {
  Bilingual,
  DimensionTemplate,
  ItemFamily,
  ItemTemplate,
  KindTemplate,
  Polarity,
} from './catalog/library/types.ts'

/** Library items for a dimension per item family (a family left out has none). */
export type ItemBank = Partial<Record<ItemFamily, ItemTemplate[]>>

export interface ChosenDimension {
  key: string
  name: Bilingual
  /** Which way its score reads: a strength, a strain, a style, a quiz result or a customer's satisfaction. */
  polarity: Polarity
  /** Library items for it (empty for a dimension the library does not know). */
  bank: ItemBank
  /** The library dimension its items come from, when that has another name (for the notes). */
  source: string | null
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
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 36)
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

/** The item bank of a library dimension: its statements, and its own lists for the other families. */
function bankOf(dimension: DimensionTemplate, kind: KindTemplate | null): ItemBank {
  return {
    agreement: dimension.items,
    frequency: dimension.frequency ?? (kind?.itemsFit.includes('frequency') ? dimension.items : undefined),
    satisfaction: dimension.satisfaction,
  }
}

/** The same items with every reverse flag turned over. */
function reversed(bank: ItemBank): ItemBank {
  const turn = (items: ItemTemplate[] | undefined) => items?.map((item) => ({ ...item, reverse: !item.reverse }))
  return { agreement: turn(bank.agreement), frequency: turn(bank.frequency), satisfaction: turn(bank.satisfaction) }
}

/** A library dimension as the kind's default, under its own name. */
export function fromTemplate(dimension: DimensionTemplate, kind: KindTemplate): Omit<ChosenDimension, 'questions'> {
  return {
    key: dimension.key,
    name: dimension.name,
    polarity: dimension.polarity ?? kind.polarity,
    bank: bankOf(dimension, kind),
    source: null,
  }
}

/** A name as the instruction gave it, with a capital first letter in English ("recognition" → "Recognition"). */
export function displayName(name: string): string {
  return /^[a-z]/.test(name) ? name.charAt(0).toUpperCase() + name.slice(1) : name
}

/** The direction of a dimension the library does not know, from the kind and the words of its name. */
function guessedPolarity(analysis: Analysis, name: string): Polarity {
  const kind = kindPolarity(analysis)
  if (kind === 'mastery' || kind === 'neutral' || kind === 'satisfaction') return kind
  return namesStrain(name) ? 'higher-worse' : 'higher-better'
}

function named(analysis: Analysis, taken: Set<string>): Omit<ChosenDimension, 'questions'>[] {
  const chosen = namedAlone(analysis, taken)
  // Next to "ease of use" or "taste", an unknown "design" is rated the same way: by the respondent's satisfaction.
  const rated = chosen.some((dimension) => dimension.polarity === 'satisfaction')
  return chosen.map((dimension) =>
    rated && dimension.bank.agreement === undefined && dimension.polarity === 'higher-better'
      ? { ...dimension, polarity: 'satisfaction' }
      : dimension,
  )
}

function namedAlone(analysis: Analysis, taken: Set<string>): Omit<ChosenDimension, 'questions'>[] {
  const kind = kindTemplate(analysis)
  return analysis.dimensions.map((name, index) => {
    const known = analysis.kind === 'quiz' ? null : findDimension(name, kind ?? undefined)
    const display = displayName(name)
    // Two names for one library dimension ("energy", "sleep") stay two dimensions: the second gets generic items.
    if (known && !taken.has(known.dimension.key)) {
      taken.add(known.dimension.key)
      const polarity = known.dimension.polarity ?? known.kind?.polarity ?? 'higher-better'
      const same = known.dimension.name.en.toLowerCase() === name.toLowerCase() || known.dimension.name.zh === name
      // "fatigue" finds the energy items: the same questions, scored the other way round.
      const opposite = polarity === 'higher-better' && namesStrain(name) && !namesStrain(known.dimension.name.en)
      const bank = bankOf(known.dimension, known.kind)
      return {
        key: known.dimension.key,
        name: { en: display, zh: display },
        polarity: opposite ? 'higher-worse' : polarity,
        bank: opposite ? reversed(bank) : bank,
        source: same ? null : `${known.dimension.name.en}${opposite ? ', scored the other way round' : ''}`,
      }
    }
    return {
      key: keyFor(name, index, taken),
      name: { en: display, zh: display },
      polarity: guessedPolarity(analysis, name),
      bank: {},
      source: null,
    }
  })
}

/** Words that say what kind of form it is rather than what it measures ("delivery satisfaction" is about delivery). */
const FORM_WORDS =
  /\s*(?:\b(?:satisfaction|feedback|experience|customer|employee|staff|self|student|pulse)\b|满意度|反馈|体验)\s*/giu

/** The construct bank the topic names, if any: "learning motivation", "delivery satisfaction" → delivery. */
function topicConstruct(topic: string | null): { name: string; dimension: DimensionTemplate } | null {
  if (!topic) return null
  for (const name of [topic, topic.replace(FORM_WORDS, ' ').trim()]) {
    const known = name ? findDimension(name) : null
    if (known && known.kind === null) return { name, dimension: known.dimension }
  }
  return null
}

/** Dimensions and question counts for `analysis`, plus the notes on defaults taken. */
export function chooseDimensions(analysis: Analysis): { dimensions: ChosenDimension[]; notes: string[] } {
  // Long: the choice of dimensions step by step, each step adding its note.
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
    notes.push(
      `${analysis.questions} questions cannot cover ${wanted} dimensions: every dimension needs at least one question, so there are ${wanted} questions.`,
    )
  }
  if (wanted === null) {
    if (analysis.kind === 'quiz') {
      // A bank's own subject ("Security awareness") reads better than the instruction's words for it.
      const subject = analysis.quizBank
        ? {
            en: analysis.quizBank.title.en.replace(/\s*quiz$/i, ''),
            zh: analysis.quizBank.title.zh.replace(/测验$/u, ''),
          }
        : null
      const name = subject ?? {
        en: analysis.topic ? `Knowledge of ${analysis.topic}` : 'Knowledge',
        zh: analysis.topic ? `${analysis.topic}知识` : '知识掌握',
      }
      chosen = [{ key: 'knowledge', name, polarity: 'mastery', bank: {}, source: null }]
    } else if (topicConstruct(analysis.topic)) {
      const { name: topicName, dimension: known } = topicConstruct(analysis.topic)!
      const name = displayName(topicName)
      chosen = [
        {
          key: known.key,
          name: { en: name, zh: name },
          polarity: known.polarity ?? 'higher-better',
          bank: bankOf(known, null),
          source: null,
        },
      ]
      notes.push(`No dimensions named: one dimension on the topic, "${name}".`)
    } else if (
      kind &&
      (analysis.topic === null || kind.keywords.some((keyword) => analysis.topic!.toLowerCase().includes(keyword)))
    ) {
      const room = analysis.questions ?? Infinity
      chosen = kind.dimensions
        .slice(0, Math.max(1, Math.min(kind.dimensions.length, room)))
        .map((d) => fromTemplate(d, kind))
      notes.push(
        `No dimensions named: used the ${kind.title.en.toLowerCase()}'s standard dimensions (${chosen.map((d) => d.name.en).join(', ')}).`,
      )
    } else {
      const known = analysis.topic ? findDimension(analysis.topic) : null
      const name = { en: displayName(topic.en), zh: topic.zh }
      chosen = [
        known
          ? {
              key: known.dimension.key,
              name,
              polarity: known.dimension.polarity ?? known.kind?.polarity ?? 'higher-better',
              bank: bankOf(known.dimension, known.kind),
              source: null,
            }
          : {
              key: keyFor(topic.en, 0, taken),
              name,
              polarity: guessedPolarity(analysis, topic.en),
              bank: {},
              source: null,
            },
      ]
      notes.push(`No dimensions named: one dimension on the topic, "${name.en}".`)
    }
  } else if (chosen.length > wanted) {
    notes.push(`${chosen.length} dimensions were named but ${wanted} asked for: kept all ${chosen.length} named ones.`)
  } else if (chosen.length < wanted) {
    const extra = (kind?.dimensions ?? [])
      .filter((d) => !chosen.some((c) => c.key === d.key))
      .slice(0, wanted - chosen.length)
    for (const d of extra) chosen.push(fromTemplate(d, kind!))
    for (let n = chosen.length + 1; chosen.length < wanted; n++) {
      chosen.push({
        key: keyFor(`area_${n}`, n, taken),
        name: { en: `Area ${n}`, zh: `领域 ${n}` },
        polarity: guessedPolarity(analysis, ''),
        bank: {},
        source: null,
      })
    }
    notes.push(
      `${wanted} dimensions asked for, ${analysis.dimensions.length || 'none'} named: added ${chosen
        .slice(analysis.dimensions.length)
        .map((d) => `"${d.name.en}"`)
        .join(', ')}; rename them to fit your topic.`,
    )
  }
  return { dimensions: distribute(chosen, analysis, notes), notes }
}

function distribute(
  chosen: Omit<ChosenDimension, 'questions'>[],
  analysis: Analysis,
  notes: string[],
): ChosenDimension[] {
  const fallback = analysis.kind === 'quiz' ? DEFAULT_QUIZ_QUESTIONS : chosen.length * DEFAULT_QUESTIONS_PER_DIMENSION
  let total = analysis.questions ?? fallback
  if (analysis.questions === null) {
    notes.push(
      analysis.kind === 'quiz'
        ? `No number of questions given: used ${total}.`
        : `No number of questions given: used ${DEFAULT_QUESTIONS_PER_DIMENSION} per dimension (${total} in all).`,
    )
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
