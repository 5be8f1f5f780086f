/** @module The Net Promoter Score question (Reichheld 2003). */
import type { Instrument } from './types.ts'

export const NPS: Instrument = {
  id: 'nps',
  shortName: 'NPS',
  name: 'Net Promoter Score (NPS)',
  purpose:
    'The Net Promoter Score question asks how likely customers are to recommend you, sorting them into promoters, passives and detractors.',
  instructions: 'Please answer on a scale from 0 (not at all likely) to 10 (extremely likely).',
  publishedItemCount: 1,
  answerScales: {
    likelihood: Array.from({ length: 11 }, (_, value) => ({ label: String(value), value })),
  },
  items: [
    {
      key: 'nps',
      text: 'How likely is it that you would recommend us to a friend or colleague? (0 = not at all likely, 10 = extremely likely)',
      answers: 'likelihood',
      dimension: 'recommend',
    },
  ],
  dimensions: [
    {
      key: 'recommend',
      name: 'Likelihood to recommend',
      description:
        'The answer itself, 0 to 10. Each respondent is a detractor (0–6), passive (7–8) or promoter (9–10); the Net Promoter Score is the percentage of promoters minus the percentage of detractors.',
      method: 'sum',
      shift: 0,
      multiplier: 1,
      reversed: [],
      bandsSource: 'published',
      higherIs: 'better',
      bands: [
        {
          key: 'detractor',
          label: 'Detractor',
          min: 0,
          max: 7,
          meaning:
            'An answer of 0–6: a detractor, unlikely to recommend and at risk of leaving or of discouraging others.',
          advice: 'Thank you for being honest. We would like to know what disappointed you, so we can put it right.',
        },
        {
          key: 'passive',
          label: 'Passive',
          min: 7,
          max: 9,
          meaning: 'An answer of 7–8: a passive, satisfied but not enthusiastic.',
          advice: 'Thank you! We would love to know what would make your experience a 10.',
        },
        {
          key: 'promoter',
          label: 'Promoter',
          min: 9,
          max: 10,
          meaning: 'An answer of 9–10: a promoter, a loyal enthusiast likely to recommend you.',
          advice: 'Thank you — we are glad you would recommend us!',
        },
      ],
    },
  ],
  scoring:
    'One question answered 0–10. Respondents answering 9–10 are promoters, 7–8 passives and 0–6 detractors; NPS = % promoters − % detractors, from −100 to +100.',
  mapping: [
    "NPS: the score (% promoters − % detractors) belongs to a group of respondents, not to one, so it cannot be a scale score. Each respondent is scored 0–10 and levelled detractor / passive / promoter; compute the NPS from the level counts in the app's summary (promoters and detractors as shares of all respondents).",
    'NPS: "us" stands for your company, product or service; put its name in the question.',
  ],
  reportNote: null,
  citation: 'Reichheld FF. The one number you need to grow. Harvard Business Review. 2003;81(12):46–54.',
  licence:
    'The question is free to ask; Net Promoter®, NPS® and Net Promoter Score® are registered trademarks of Bain & Company, Inc., NICE Systems, Inc. and Fred Reichheld.',
  match: {
    names: [/net promoter/i, /\bnps\b/i, /净推荐值/],
    means: [/\blikelihood to recommend\b/i, /推荐意愿/],
  },
}
