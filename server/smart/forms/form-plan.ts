/**
 * @module The plan for a plain form: the fields the instruction names (or the kind's usual
 * ones), typed for their answers and required where a respondent expects it, a title and a
 * line above the form, a theme with the kind's button and all fields on one page, and no
 * scales, report pages or expert. The notes say it is a plain form and why, what each field
 * became, and how to ask for a scored assessment instead.
 */
import { LIMITS } from '../../contract/limits.ts'
import { requireValidPlan } from '../../contract/smart/check-plan.ts'
import type { Plan, PlanField, PlanLanguage } from '../../contract/smart/plan.ts'
import type { Analysis } from '../analyze.ts'
import { languageNote, publishNote } from '../notes.ts'
import { themeFor } from '../theme.ts'
import type { PlainFormRead } from './detect.ts'
import { clip, defaultField, listedField, questionField, type DraftField } from './fields.ts'

const TYPE_WORDS: Record<PlanField['type'], string> = {
  text: 'text',
  longtext: 'long text',
  number: 'number',
  boolean: 'yes/no',
  choice: 'choice',
  multichoice: 'several choices',
  likert: 'Likert scale',
  rating: 'rating',
  nps: 'NPS score',
  date: 'date',
  time: 'time',
  datetime: 'date and time',
  email: 'email address',
  phone: 'phone number',
  url: 'web address',
  consent: 'consent',
  file: 'file upload',
  json: 'JSON',
}

/** Names made unique in order: a second "date" becomes date_2. */
function uniqueNames(fields: DraftField[]): DraftField[] {
  const seen = new Set<string>()
  return fields.map((field) => {
    let name = field.name
    for (let n = 2; seen.has(name); n++) name = `${field.name}_${n}`
    seen.add(name)
    return { ...field, name }
  })
}

/** How a field reads in a note: `email (email address, required)`, `day (choice: Friday, Saturday)`. */
function describeField(field: PlanField): string {
  const type = field.options ? `${TYPE_WORDS[field.type]}: ${field.options.join(', ')}` : TYPE_WORDS[field.type]
  return `${field.name} (${type}${field.required ? ', required' : ''})`
}

/** A Chinese title as the instruction words it ("活动报名表：…" → 活动报名表), or null. */
function chineseTitle(original: string): string | null {
  const head = original
    .split(/[:，,。;；]/u)[0]
    .replace(/^(?:请|帮我|给我|为我)?(?:做|生成|创建|设计|制作)?(?:一份|一个|一张)?/u, '')
    .replace(/^(?:不计分|不打分|不评分|无需计分|无需评分)的?/u, '')
  return /^.{0,20}(?:表|表单|问卷|调查|回执|单)$/u.test(head) && [...head].length >= 2 ? head : null
}

function titleOf(analysis: Analysis, read: PlainFormRead, language: PlanLanguage): string {
  const own = language === 'zh' ? chineseTitle(read.text) : analysis.title
  return clip(own ?? read.kind.title[language], LIMITS.maxAppNameLength)
}

function fieldsNote(read: PlainFormRead, fields: PlanField[], defaults: boolean): string {
  const list = fields.map(describeField).join(', ')
  if (defaults)
    return `No fields listed: used the usual fields of ${read.kind.what}: ${list}. Add, rename or remove fields in the plan before building, or later with svc-cli field add / field remove.`
  return `Fields as the instruction names them, typed from their words: ${list}.`
}

/** "Which features do you use?" without options is a long-text answer; options in brackets make it a choice. */
function openChoiceNotes(fields: PlanField[]): string[] {
  return fields
    .filter((field) => field.type === 'longtext' && /^(?:which\b|你?.*哪些)/iu.test(field.label))
    .map(
      (field) =>
        `"${field.label}" lists no options, so it is answered in words; name them in brackets (e.g. "which features (search, export, sharing)") to make it a choice.`,
    )
}

/** The plan for the plain form `read` of `instruction`. */
export function plainFormPlan(instruction: string, analysis: Analysis, read: PlainFormRead): Plan {
  const { language } = analysis
  const listed = [
    ...read.fields.map((phrase) => listedField(phrase, language)),
    ...read.questions.map((phrase) => questionField(phrase, language)),
  ]
  const defaults = listed.length === 0
  const drafts = uniqueNames(defaults ? read.kind.fields.map((key) => defaultField(key, language)) : listed)
  const fields: PlanField[] = drafts.slice(0, LIMITS.maxFields).map((field) => ({
    ...field,
    label: clip(field.label, LIMITS.maxLabelLength),
    required: field.required ?? read.kind.requires.includes(field.name),
  }))
  const notes = [
    languageNote(language),
    `Plain form: ${read.because}; it collects answers and scores nothing, so the plan has fields only (no scales, report pages or expert), and respondents see a thank-you page after sending.`,
    fieldsNote(read, fields, defaults),
    ...openChoiceNotes(fields),
  ]
  if (drafts.length > fields.length)
    notes.push(
      `The instruction names ${drafts.length} fields: kept the first ${LIMITS.maxFields}, the most a form has.`,
    )
  notes.push(
    'For a scored assessment instead (questions on an answer scale, levels and a report), say what to measure, e.g. "a 10-question customer satisfaction survey with 3 levels".',
  )
  const style = themeFor(analysis.style, read.kind.button[language], 'all')
  notes.push(...style.notes, publishNote(analysis.publish))
  return requireValidPlan({
    version: 1,
    language,
    instruction,
    app: {
      name: titleOf(analysis, read, language),
      description: read.kind.description[language],
    },
    form: { fields },
    scale: { scales: [] },
    report: { pages: [] },
    expert: { profile: {}, commentary: [] },
    connect: { theme: style.theme },
    share: { publish: analysis.publish },
    notes,
  })
}
