/** @module The System Usability Scale (Brooke 1996). */
import type { Instrument } from './types.ts'

const item = (n: number, text: string) => ({ key: `sus_${n}`, text, answers: 'agreement', dimension: 'usability' })

export const SUS: Instrument = {
  id: 'sus',
  shortName: 'SUS',
  name: 'System Usability Scale (SUS)',
  purpose: 'The System Usability Scale gives a quick, reliable overall measure of how usable a product or system is.',
  instructions:
    'For each of the following statements, mark one answer that best describes your reactions to the system today.',
  publishedItemCount: 10,
  answerScales: {
    agreement: [
      { label: 'Strongly disagree', value: 1 },
      { label: 'Disagree', value: 2 },
      { label: 'Neither agree nor disagree', value: 3 },
      { label: 'Agree', value: 4 },
      { label: 'Strongly agree', value: 5 },
    ],
  },
  items: [
    item(1, 'I think that I would like to use this system frequently.'),
    item(2, 'I found the system unnecessarily complex.'),
    item(3, 'I thought the system was easy to use.'),
    item(4, 'I think that I would need the support of a technical person to be able to use this system.'),
    item(5, 'I found the various functions in this system were well integrated.'),
    item(6, 'I thought there was too much inconsistency in this system.'),
    item(7, 'I would imagine that most people would learn to use this system very quickly.'),
    item(8, 'I found the system very cumbersome to use.'),
    item(9, 'I felt very confident using the system.'),
    item(10, 'I needed to learn a lot of things before I could get going with this system.'),
  ],
  dimensions: [
    {
      key: 'usability',
      name: 'Usability',
      description:
        'The SUS score, 0 to 100 (not a percentage): odd items score the answer − 1, even items 5 − the answer, and the sum is multiplied by 2.5.',
      method: 'sum',
      shift: -1,
      multiplier: 2.5,
      reversed: ['sus_2', 'sus_4', 'sus_6', 'sus_8', 'sus_10'],
      bandsSource: 'published',
      higherIs: 'better',
      bands: [
        {
          key: 'not-acceptable',
          label: 'Not acceptable',
          min: 0,
          max: 50,
          meaning: 'A score below 50: usability is not acceptable (Bangor, Kortum & Miller).',
          advice:
            'Respondents find the system hard to use. Usability problems are likely serious enough to need attention before anything else.',
        },
        {
          key: 'marginal',
          label: 'Marginal',
          min: 50,
          max: 70,
          meaning:
            'A score from 50 to below 70: marginal acceptability; 68 is about the average SUS score across studies.',
          advice:
            'Usability is marginal: people manage, but with friction. Watching a few users try the main tasks usually shows where.',
        },
        {
          key: 'acceptable',
          label: 'Acceptable',
          min: 70,
          max: 100,
          meaning:
            'A score of 70 or more: acceptable usability; above about 80 is in the top tenth of systems studied.',
          advice: 'Usability is acceptable. Keep checking it as the system changes.',
        },
      ],
    },
  ],
  scoring:
    'Answers score 1–5. Odd-numbered items contribute the answer − 1 and even-numbered items 5 − the answer (0–4 each); the sum of contributions times 2.5 is the SUS score, 0–100.',
  mapping: [
    'SUS: each answer scores 0–4 (Strongly disagree 0 … Strongly agree 4) with the even-numbered items reversed and every item weighted 2.5, so the sum is the published SUS score (0–100).',
    'SUS: the levels are the acceptability ranges of Bangor, Kortum & Miller (below 50, 50–70, 70 and above); replace "system" in the questions with your product\'s name if you like (Brooke allows it).',
  ],
  reportNote: null,
  citation:
    'Brooke J. SUS: a "quick and dirty" usability scale. In: Jordan PW, Thomas B, Weerdmeester BA, McClelland IL, eds. Usability Evaluation in Industry. London: Taylor & Francis; 1996:189–194. Bands: Bangor A, Kortum PT, Miller JT. An empirical evaluation of the System Usability Scale. International Journal of Human–Computer Interaction. 2008;24(6):574–594.',
  licence: 'Free to use, with the source acknowledged (Brooke 1996).',
  match: {
    names: [/\bsus\b/i, /system usability scale/i],
    means: [/\busability\s+(scale|questionnaire|survey|score|test)/i, /可用性(量表|问卷|评估|测评)/],
  },
}
