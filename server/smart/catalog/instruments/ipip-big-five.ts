/**
 * @module The 50-item IPIP representation of Goldberg's (1992) markers for the Big-Five
 * factor structure, items verbatim and in the published order (ipip.ori.org).
 */
import { descriptiveBands, IPIP_ACCURACY, IPIP_INSTRUCTIONS, IPIP_LICENCE, IPIP_NO_CUTOFFS } from './ipip-common.ts'
import type { Instrument, InstrumentDimension } from './types.ts'

type Factor = 'extraversion' | 'agreeableness' | 'conscientiousness' | 'stability' | 'intellect'

/** The published order: factors rotate E, A, C, ES, I; `-` marks a minus-keyed item. */
const ITEMS: Array<[Factor, '+' | '-', string]> = [
  ['extraversion', '+', 'Am the life of the party.'],
  ['agreeableness', '-', 'Feel little concern for others.'],
  ['conscientiousness', '+', 'Am always prepared.'],
  ['stability', '-', 'Get stressed out easily.'],
  ['intellect', '+', 'Have a rich vocabulary.'],
  ['extraversion', '-', "Don't talk a lot."],
  ['agreeableness', '+', 'Am interested in people.'],
  ['conscientiousness', '-', 'Leave my belongings around.'],
  ['stability', '+', 'Am relaxed most of the time.'],
  ['intellect', '-', 'Have difficulty understanding abstract ideas.'],
  ['extraversion', '+', 'Feel comfortable around people.'],
  ['agreeableness', '-', 'Insult people.'],
  ['conscientiousness', '+', 'Pay attention to details.'],
  ['stability', '-', 'Worry about things.'],
  ['intellect', '+', 'Have a vivid imagination.'],
  ['extraversion', '-', 'Keep in the background.'],
  ['agreeableness', '+', "Sympathize with others' feelings."],
  ['conscientiousness', '-', 'Make a mess of things.'],
  ['stability', '+', 'Seldom feel blue.'],
  ['intellect', '-', 'Am not interested in abstract ideas.'],
  ['extraversion', '+', 'Start conversations.'],
  ['agreeableness', '-', "Am not interested in other people's problems."],
  ['conscientiousness', '+', 'Get chores done right away.'],
  ['stability', '-', 'Am easily disturbed.'],
  ['intellect', '+', 'Have excellent ideas.'],
  ['extraversion', '-', 'Have little to say.'],
  ['agreeableness', '+', 'Have a soft heart.'],
  ['conscientiousness', '-', 'Often forget to put things back in their proper place.'],
  ['stability', '-', 'Get upset easily.'],
  ['intellect', '-', 'Do not have a good imagination.'],
  ['extraversion', '+', 'Talk to a lot of different people at parties.'],
  ['agreeableness', '-', 'Am not really interested in others.'],
  ['conscientiousness', '+', 'Like order.'],
  ['stability', '-', 'Change my mood a lot.'],
  ['intellect', '+', 'Am quick to understand things.'],
  ['extraversion', '-', "Don't like to draw attention to myself."],
  ['agreeableness', '+', 'Take time out for others.'],
  ['conscientiousness', '-', 'Shirk my duties.'],
  ['stability', '-', 'Have frequent mood swings.'],
  ['intellect', '+', 'Use difficult words.'],
  ['extraversion', '+', "Don't mind being the center of attention."],
  ['agreeableness', '+', "Feel others' emotions."],
  ['conscientiousness', '+', 'Follow a schedule.'],
  ['stability', '-', 'Get irritated easily.'],
  ['intellect', '+', 'Spend time reflecting on things.'],
  ['extraversion', '-', 'Am quiet around strangers.'],
  ['agreeableness', '+', 'Make people feel at ease.'],
  ['conscientiousness', '+', 'Am exacting in my work.'],
  ['stability', '-', 'Often feel blue.'],
  ['intellect', '+', 'Am full of ideas.'],
]

const key = (index: number) => `ipip_${index + 1}`

const FACTORS: Array<{ factor: Factor; key: string; name: string; description: string; low: string; high: string }> = [
  {
    factor: 'extraversion',
    key: 'extraversion',
    name: 'Extraversion',
    description: 'Sociability, talkativeness and enjoyment of attention.',
    low: 'quiet and reserved',
    high: 'outgoing and talkative',
  },
  {
    factor: 'agreeableness',
    key: 'agreeableness',
    name: 'Agreeableness',
    description: 'Warmth, sympathy and concern for others.',
    low: 'detached and focused on your own concerns',
    high: 'warm and attentive to others',
  },
  {
    factor: 'conscientiousness',
    key: 'conscientiousness',
    name: 'Conscientiousness',
    description: 'Orderliness, preparation and dutifulness.',
    low: 'flexible and spontaneous',
    high: 'organised and dependable',
  },
  {
    factor: 'stability',
    key: 'emotional-stability',
    name: 'Emotional Stability',
    description: 'Calm and even moods rather than stress, worry and mood swings.',
    low: 'easily stressed and changeable in mood',
    high: 'calm and even-tempered',
  },
  {
    factor: 'intellect',
    key: 'intellect',
    name: 'Intellect/Imagination',
    description: 'Imagination, ideas and interest in abstract thinking.',
    low: 'practical and down-to-earth',
    high: 'imaginative and full of ideas',
  },
]

function dimension(entry: (typeof FACTORS)[number]): InstrumentDimension {
  return {
    key: entry.key,
    name: entry.name,
    description: `${entry.description} The sum of ten items, 10 to 50.`,
    method: 'sum',
    shift: 0,
    multiplier: 1,
    reversed: ITEMS.flatMap(([factor, sign], index) => (factor === entry.factor && sign === '-' ? [key(index)] : [])),
    bands: descriptiveBands(entry.name, entry.low, entry.high),
    bandsSource: 'descriptive',
    higherIs: 'neither',
  }
}

export const IPIP_BIG_FIVE: Instrument = {
  id: 'ipip-big-five-50',
  shortName: 'IPIP Big-Five (50 items)',
  name: 'IPIP Big-Five Personality Markers (50 items)',
  purpose:
    'The 50-item IPIP Big-Five markers describe personality on five broad traits: Extraversion, Agreeableness, Conscientiousness, Emotional Stability and Intellect/Imagination.',
  instructions: IPIP_INSTRUCTIONS,
  publishedItemCount: 50,
  answerScales: { accuracy: IPIP_ACCURACY },
  items: ITEMS.map(([factor, , text], index) => ({
    key: key(index),
    text,
    answers: 'accuracy',
    dimension: FACTORS.find((f) => f.factor === factor)!.key,
  })),
  dimensions: FACTORS.map(dimension),
  scoring:
    'Plus-keyed items score 1 (Very Inaccurate) to 5 (Very Accurate); minus-keyed items are reversed (5 to 1). Each factor is the sum of its ten items, 10–50.',
  mapping: [
    'IPIP Big-Five: five sum scales of ten items each (10–50), minus-keyed items reversed, exactly as published.',
    `IPIP Big-Five: ${IPIP_NO_CUTOFFS}`,
  ],
  reportNote:
    'Personality traits have no good or bad end. These results describe how you see yourself today; they are not a diagnosis.',
  citation:
    'Goldberg LR. The development of markers for the Big-Five factor structure. Psychological Assessment. 1992;4(1):26–42. Items: International Personality Item Pool, 50-item IPIP representation of the Goldberg markers (https://ipip.ori.org/).',
  licence: IPIP_LICENCE,
  match: {
    names: [
      /\bbig[\s-]?five\b/i,
      /\bbig[\s-]?5\b/i,
      /\bipip\b(?![\s-]+(achievement|self|assertiveness))/i,
      /five[\s-]factor (model|personality)/i,
      /\bocean\s+personality/i,
      /大五人格|大五/,
    ],
    means: [],
  },
}
