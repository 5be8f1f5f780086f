/**
 * Written items vary: over a fixed, mixed set of instructions (test/fixtures/variety-
 * instructions.ts: assessments in English and Chinese on topics the library knows and does
 * not know, plain forms, surveys), at most 10 % of the items the built-in planner writes
 * open with the same four words as another item of the set.
 *
 * A written item is a field label of four words or more in a plan not taken from a
 * validated instrument (those are published wording); shorter labels ("Name", "Email
 * address") are the same field in every form, not a template repeated. Words are counted
 * as Intl.Segmenter counts them, so Chinese is measured in words, not characters. The
 * planner is deterministic (no randomness), so the figure is too: 7.3 % when this test was
 * written, against 55 % before, when plain forms came out as agree/disagree items and the
 * generic templates opened "I know where to turn…", "Compared with a few months ago…"
 * whatever the topic.
 */
import { expect, test } from 'bun:test'
import { draftPlan } from '../../server/smart/planners.ts'
import { VARIETY_INSTRUCTIONS } from '../fixtures/variety-instructions.ts'

const HAN = /\p{Script=Han}/u
const segmenters = {
  en: new Intl.Segmenter('en', { granularity: 'word' }),
  zh: new Intl.Segmenter('zh', { granularity: 'word' }),
}

/** The words of `text`, lower case, as a reader counts them. */
const wordsOf = (text: string): string[] =>
  [...segmenters[HAN.test(text) ? 'zh' : 'en'].segment(text.toLowerCase())]
    .filter((segment) => segment.isWordLike)
    .map((segment) => segment.segment)

/** Every written item of the set, and the share whose first four words another item shares. */
function measure(): { items: string[]; shared: string[]; share: number } {
  const items = VARIETY_INSTRUCTIONS.flatMap((instruction) => {
    const { plan, madeBy } = draftPlan(instruction)
    return madeBy === 'instrument' ? [] : plan.form.fields.map((field) => field.label)
  }).filter((label) => wordsOf(label).length >= 4)
  const openings = items.map((label) => wordsOf(label).slice(0, 4).join(' '))
  const counts = new Map<string, number>()
  for (const opening of openings) counts.set(opening, (counts.get(opening) ?? 0) + 1)
  const shared = items.filter((_, index) => counts.get(openings[index])! > 1)
  return { items, shared, share: shared.length / items.length }
}

test('the set mixes assessments in both languages, plain forms and surveys, and names no instrument', () => {
  const plans = VARIETY_INSTRUCTIONS.map((instruction) => draftPlan(instruction))
  const kinds = plans.map(({ plan }) => `${plan.language} ${plan.scale.scales.length ? 'assessment' : 'form'}`)
  const count = (kind: string) => kinds.filter((k) => k === kind).length
  expect({
    instrument: plans.filter((p) => p.madeBy === 'instrument').length,
    enAssessments: count('en assessment') >= 12,
    zhAssessments: count('zh assessment') >= 6,
    enForms: count('en form') >= 10,
    zhForms: count('zh form') >= 4,
  }).toEqual({ instrument: 0, enAssessments: true, zhAssessments: true, enForms: true, zhForms: true })
})

test('at most 10 % of written items open with the same four words as another', () => {
  const { items, shared, share } = measure()
  expect(items.length).toBeGreaterThan(200)
  // On failure, the items that share an opening are listed.
  if (share > 0.1) expect(shared).toEqual([])
  expect(share).toBeLessThanOrEqual(0.1)
  expect(measure()).toEqual({ items, shared, share })
})
