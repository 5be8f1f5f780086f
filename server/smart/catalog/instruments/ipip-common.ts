/**
 * @module What every IPIP instrument shares: the published answer scale, the respondent
 * instructions, the licence, the descriptive bands of a 10-item scale (IPIP publishes norms
 * for particular samples, never cut-offs), and the builder of a single 10-item IPIP scale.
 */
import type { AnswerOption, Band, Instrument } from './types.ts'

export const IPIP_ACCURACY: AnswerOption[] = [
  { label: 'Very Inaccurate', value: 1 },
  { label: 'Moderately Inaccurate', value: 2 },
  { label: 'Neither Accurate Nor Inaccurate', value: 3 },
  { label: 'Moderately Accurate', value: 4 },
  { label: 'Very Accurate', value: 5 },
]

/**
 * IPIP's instructions, without its sentence promising absolute confidence: the app's owner
 * reads every answer, so svc cannot make that promise for them.
 */
export const IPIP_INSTRUCTIONS =
  'Describe yourself as you generally are now, not as you wish to be in the future. Describe yourself as you honestly see yourself, in relation to other people you know of the same sex as you are, and roughly your same age. Indicate for each statement whether it is 1. Very Inaccurate, 2. Moderately Inaccurate, 3. Neither Accurate Nor Inaccurate, 4. Moderately Accurate, or 5. Very Accurate as a description of you.'

export const IPIP_LICENCE = 'Public domain: IPIP items may be used for any purpose without permission or fee.'

export const IPIP_NO_CUTOFFS =
  'IPIP publishes no cut-offs, only norms for particular samples, so the three levels just split the possible range (10–50) into thirds to describe answers; they are not norms and not judgements.'

/** Where in the 10–50 range of a 10-item scale a sum lies: descriptive only. */
export function descriptiveBands(name: string, low: string, high: string): Band[] {
  return [
    {
      key: 'low',
      label: 'Lower',
      min: 10,
      max: 23,
      meaning: `A sum of 10–22, the lowest third of the possible range: you described yourself as ${low}.`,
      advice: `On ${name} you described yourself as ${low}. Neither end of a trait is better; each suits some situations more than others.`,
    },
    {
      key: 'middle',
      label: 'Middle',
      min: 23,
      max: 37,
      meaning: `A sum of 23–36, the middle third of the possible range: you described yourself as between ${low} and ${high}.`,
      advice: `On ${name} you described yourself in the middle: sometimes ${low}, sometimes ${high}, depending on the situation.`,
    },
    {
      key: 'high',
      label: 'Higher',
      min: 37,
      max: 50,
      meaning: `A sum of 37–50, the highest third of the possible range: you described yourself as ${high}.`,
      advice: `On ${name} you described yourself as ${high}. Neither end of a trait is better; each suits some situations more than others.`,
    },
  ]
}

const FACET_CITATION =
  'Goldberg LR. A broad-bandwidth, public domain, personality inventory measuring the lower-level facets of several five-factor models. In: Mervielde I, Deary I, De Fruyt F, Ostendorf F, eds. Personality Psychology in Europe, Vol. 7. Tilburg: Tilburg University Press; 1999:7–28. Items: International Personality Item Pool (https://ipip.ori.org/), 10-item scale for the NEO-PI-R facet'

export interface FacetScale {
  id: string
  /** The facet's name, e.g. "Achievement-Striving". */
  name: string
  /** The scale's key and the item keys' prefix. */
  key: string
  purpose: string
  /** The items as published, `-` marking minus-keyed ones. */
  items: Array<['+' | '-', string]>
  low: string
  high: string
  match: Instrument['match']
}

/** A 10-item IPIP facet scale as an instrument: one sum scale, minus-keyed items reversed, descriptive bands. */
export function ipipFacetInstrument(facet: FacetScale): Instrument {
  const itemKey = (index: number) => `${facet.key.replace(/-/g, '_')}_${index + 1}`
  return {
    id: facet.id,
    shortName: `IPIP ${facet.name}`,
    name: `IPIP ${facet.name} scale (10 items)`,
    purpose: facet.purpose,
    instructions: IPIP_INSTRUCTIONS,
    publishedItemCount: 10,
    answerScales: { accuracy: IPIP_ACCURACY },
    items: facet.items.map(([, text], index) => ({
      key: itemKey(index),
      text,
      answers: 'accuracy',
      dimension: facet.key,
    })),
    dimensions: [
      {
        key: facet.key,
        name: facet.name,
        description: `${facet.purpose} The sum of ten items, 10 to 50.`,
        method: 'sum',
        shift: 0,
        multiplier: 1,
        reversed: facet.items.flatMap(([sign], index) => (sign === '-' ? [itemKey(index)] : [])),
        bands: descriptiveBands(facet.name, facet.low, facet.high),
        bandsSource: 'descriptive',
        higherIs: 'neither',
      },
    ],
    scoring:
      'Plus-keyed items score 1 (Very Inaccurate) to 5 (Very Accurate); minus-keyed items are reversed (5 to 1). The scale is the sum of its ten items, 10–50.',
    mapping: [
      `IPIP ${facet.name}: one sum scale of ten items (10–50), minus-keyed items reversed, exactly as published.`,
      `IPIP ${facet.name}: ${IPIP_NO_CUTOFFS}`,
    ],
    reportNote:
      'These results describe how you see yourself today; they are not a diagnosis or a judgement of your work.',
    citation: `${FACET_CITATION} "${facet.name}".`,
    licence: IPIP_LICENCE,
    match: facet.match,
  }
}
