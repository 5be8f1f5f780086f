/**
 * @module A plan from validated instruments: their items verbatim as required choice
 * questions, one scale per published dimension (answer values, shift, weight and reversed
 * items as published), the published cut-offs as levels, a report ending with the
 * instrument's source (citation and licence), and notes on everything the owner should know:
 * what matched, what the instruction asked for that the instrument fixes, and what the
 * scale model cannot express. Styling and publishing come from the built-in draft, which
 * read them from the same instruction.
 */
import { LIMITS } from '../../../contract/limits.ts'
import { requireValidPlan } from '../../../contract/smart/check-plan.ts'
import type { Plan, PlanField, PlanScale, PlanSection } from '../../../contract/smart/plan.ts'
import type { InstrumentMatch } from './match.ts'
import { publishNote } from '../../notes.ts'
import { requestedCounts } from './requested.ts'
import type { Instrument, InstrumentDimension } from './types.ts'

function fieldsOf(instrument: Instrument): PlanField[] {
  return instrument.items.map((item) => ({
    name: item.key,
    type: 'choice' as const,
    label: item.text,
    options: instrument.answerScales[item.answers].map((answer) => answer.label),
    required: true,
  }))
}

function scaleOf(instrument: Instrument, dimension: InstrumentDimension): PlanScale {
  const items = instrument.items.filter((item) => item.dimension === dimension.key)
  return {
    key: dimension.key,
    name: dimension.name,
    description: dimension.description,
    method: dimension.method,
    items: items.map((item) => ({
      field: item.key,
      weight: dimension.multiplier,
      reverse: dimension.reversed.includes(item.key),
      scores: Object.fromEntries(
        instrument.answerScales[item.answers].map((answer) => [answer.label, answer.value + dimension.shift]),
      ),
    })),
    levels: dimension.bands.map((band) => ({
      key: band.key,
      label: band.label,
      min: band.min,
      max: band.max,
      interpretation: band.meaning,
    })),
  }
}

/** The source paragraph every instrument app's report ends with. */
export function sourceText(instrument: Instrument): string {
  return `${instrument.name}. ${instrument.scoring}\n\nSource: ${instrument.citation}\n\nLicence: ${instrument.licence}`
}

function reportOf(instruments: Instrument[], scales: PlanScale[]): Plan['report'] {
  const results: PlanSection[] = [
    { type: 'intro', title: 'Your results', text: instruments.map((i) => i.purpose).join('\n\n') },
  ]
  if (scales.length > 1) results.push({ type: 'chart' })
  for (const scale of scales) results.push({ type: 'score', scale: scale.key })
  const notes = instruments.flatMap((i) => (i.reportNote ? [i.reportNote] : []))
  const meaning: PlanSection[] = [{ type: 'expert' }]
  if (notes.length) meaning.push({ type: 'closing', title: 'Please note', text: notes.join('\n\n') })
  meaning.push({
    type: 'closing',
    title: instruments.length === 1 ? 'About this questionnaire' : 'About these questionnaires',
    text: instruments.map(sourceText).join('\n\n'),
  })
  return {
    pages: [
      { title: 'Results', sections: results },
      { title: 'What your results mean', sections: meaning },
    ],
  }
}

function expertOf(instruments: Instrument[]): Plan['expert'] {
  return {
    profile: {
      name: 'The assessment team',
      title: 'Assessment author',
      bio: 'The questions and score bands are published, validated work (see the source below); the advice for each result was written for this app.',
      avatarUrl: null,
    },
    commentary: instruments.flatMap((instrument) =>
      instrument.dimensions.flatMap((dimension) =>
        dimension.bands.map((band) => ({ scale: dimension.key, level: band.key, text: band.advice })),
      ),
    ),
  }
}

/** Notes on what the instruction asked for that the published instruments fix. */
function differenceNotes(
  instruction: string,
  instruments: Instrument[],
  fields: PlanField[],
  scales: PlanScale[],
): string[] {
  const asked = requestedCounts(instruction)
  const names = instruments.map((i) => i.shortName).join(' + ')
  const notes: string[] = []
  if (asked.questions !== null && asked.questions !== fields.length) {
    notes.push(
      `Asked for ${asked.questions} questions: ${names} has ${fields.length} as published, and changing the count would make the published scoring and cut-offs invalid, so all ${fields.length} are kept.`,
    )
  }
  const points = [
    ...new Set(instruments.flatMap((i) => Object.values(i.answerScales).map((answers) => answers.length))),
  ]
  if (asked.points !== null && !points.includes(asked.points)) {
    notes.push(
      `Asked for a ${asked.points}-point scale: ${names} is answered on ${points.join(' and ')} points as published, which its scoring needs, so the published answers are kept.`,
    )
  }
  const levels = [...new Set(scales.map((scale) => (scale.levels ?? []).length))]
  if (asked.levels !== null && !levels.includes(asked.levels)) {
    notes.push(
      `Asked for ${asked.levels} levels: the levels are ${names}'s published score bands (${levels.join(' or ')} per dimension), so they are kept.`,
    )
  }
  return notes
}

/**
 * The plan for `matches` (instruments in the order the instruction names them), with the
 * styling and publishing of `draft` (the built-in planner's plan for the same instruction).
 * Instruments that would take the form past LIMITS.maxFields are left out with a note.
 */
export function instrumentPlan(matches: InstrumentMatch[], instruction: string, draft: Plan): Plan {
  const instruments: Instrument[] = []
  const notes: string[] = []
  const left: string[] = []
  let count = 0
  for (const { instrument, matched, how } of matches) {
    if (count + instrument.items.length > LIMITS.maxFields) {
      left.push(
        `"${matched}" in the instruction names ${instrument.name} too, but its ${instrument.items.length} questions do not fit in the same app (at most ${LIMITS.maxFields} fields): make a second app for it.`,
      )
      continue
    }
    instruments.push(instrument)
    count += instrument.items.length
    const questions =
      instrument.items.length === 1 ? 'published question' : `${instrument.items.length} published questions`
    notes.push(
      `Validated instrument: "${matched}" in the instruction ${how === 'names' ? 'names' : 'asks for'} ${instrument.name}, so the app uses its ${questions}, answers, scoring and cut-offs verbatim rather than generated ones.`,
    )
  }
  notes.push(...left)
  const fields = instruments.flatMap(fieldsOf)
  const scales = instruments.flatMap((instrument) =>
    instrument.dimensions.map((dimension) => scaleOf(instrument, dimension)),
  )
  notes.push(...differenceNotes(instruction, instruments, fields, scales))
  if (draft.language !== 'en') {
    notes.push(
      `Language: the instruction is in Chinese, but svc holds no verified Chinese version of ${instruments.map((i) => i.shortName).join(' or ')}, so the questions, answers and report are the published English ones. Replace them with a validated translation if you have one; an ad-hoc translation is no longer the validated instrument.`,
    )
  }
  notes.push(...instruments.flatMap((i) => i.mapping))
  notes.push(
    'Expert profile: a neutral "assessment team" placeholder; put your own name, title and bio there. The advice per level was written for this app; the level meanings are the published ones.',
  )
  notes.push('Styling: taken from the instruction as the built-in planner read it.')
  notes.push(publishNote(draft.share.publish))
  const name = instruments.length === 1 ? instruments[0].name : instruments.map((i) => i.shortName).join(' and ')
  return requireValidPlan({
    version: 1,
    language: 'en',
    instruction,
    app: {
      name: [...name].slice(0, LIMITS.maxAppNameLength).join(''),
      description: instruments.map((i) => i.instructions).join('\n\n'),
    },
    form: { fields },
    scale: { scales },
    report: reportOf(instruments, scales),
    expert: expertOf(instruments),
    connect: draft.connect,
    share: draft.share,
    notes,
  })
}
