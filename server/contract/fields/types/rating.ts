/**
 * @module Field type `rating`: 1 to `max` stars or points (default 5), stored as a whole
 * number. `max` is the field's own setting (a top-level key of the field in the API, stored in
 * its `settings`). Forms show the points as radio buttons in a row ("1 star" … "5 stars"); the
 * summary counts each point besides the mean; a scale scores the point itself.
 */
import { coercePoint, pointProblem, pointScoring, pointsFrom } from './number.ts'
import { defineFieldType, oneText, type PointScale, type TypeSettings } from './spec.ts'

/** A rating's highest point: the default and the bounds an owner may choose within. */
export const RATING = { defaultMax: 5, minMax: 2, maxMax: 10 } as const

/** The highest point of a rating with `settings` (the default when it names none). */
export const ratingMax = (settings?: TypeSettings): number =>
  typeof settings?.max === 'number' ? settings.max : RATING.defaultMax

const points: PointScale = { of: (settings) => pointsFrom(1, ratingMax(settings)) }

export const rating = defineFieldType({
  name: 'rating',
  label: 'Rating',
  description: `a whole number from 1 to the field's max (${RATING.minMax}–${RATING.maxMax}, default ${RATING.defaultMax}) stars or points, as a number`,
  hasOptions: false,
  settings: { max: RATING.defaultMax },
  check: (value, _options, settings) => pointProblem(value, 1, ratingMax(settings)),
  form: { keepsEmpty: false, multiple: false, coerce: coercePoint, texts: oneText },
  respondent: { missing: 'Select a rating', invalid: 'Select one of the ratings' },
  example: (_options, settings) => Math.min(4, ratingMax(settings)),
  previewAnswer: (field) => Math.round((1 + ratingMax(field)) / 2),
  control: {
    kind: 'choices',
    multiple: false,
    inline: true,
    choices: (_options, settings) =>
      points.of(settings).map((n) => ({ value: String(n), label: n === 1 ? '1 star' : `${n} stars` })),
  },
  summary: 'numbers',
  identifying: false,
  scoring: pointScoring(points),
  points,
})
