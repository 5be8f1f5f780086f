/** @module WHO-5, the World Health Organization Well-Being Index (1998 version). */
import type { Instrument } from './types.ts'

const item = (n: number, text: string) => ({ key: `who5_${n}`, text, answers: 'time', dimension: 'wellbeing' })

export const WHO_5: Instrument = {
  id: 'who-5',
  shortName: 'WHO-5',
  name: 'WHO-5 Well-Being Index',
  purpose: 'The WHO-5 measures current mental well-being over the last two weeks.',
  instructions:
    'Please indicate for each of the five statements which is closest to how you have been feeling over the last two weeks.',
  publishedItemCount: 5,
  answerScales: {
    time: [
      { label: 'All of the time', value: 5 },
      { label: 'Most of the time', value: 4 },
      { label: 'More than half of the time', value: 3 },
      { label: 'Less than half of the time', value: 2 },
      { label: 'Some of the time', value: 1 },
      { label: 'At no time', value: 0 },
    ],
  },
  items: [
    item(1, 'I have felt cheerful and in good spirits'),
    item(2, 'I have felt calm and relaxed'),
    item(3, 'I have felt active and vigorous'),
    item(4, 'I woke up feeling fresh and rested'),
    item(5, 'My daily life has been filled with things that interest me'),
  ],
  dimensions: [
    {
      key: 'wellbeing',
      name: 'Well-being',
      description: 'The raw score (0–25) multiplied by 4: a percentage score from 0 (worst) to 100 (best).',
      method: 'sum',
      shift: 0,
      multiplier: 4,
      reversed: [],
      bandsSource: 'published',
      higherIs: 'better',
      bands: [
        {
          key: 'likely-depression',
          label: 'Very low well-being',
          min: 0,
          max: 29,
          meaning:
            'A score of 28 or below (raw score below 8): very low well-being; the WHO-5 literature treats it as an indication of likely depression.',
          advice:
            'Your answers suggest very low well-being over the last two weeks. Please talk to your doctor or a mental health professional; a conversation about how you feel is a good first step.',
        },
        {
          key: 'poor',
          label: 'Poor well-being',
          min: 29,
          max: 51,
          meaning:
            'A score of 50 or below (raw score below 13): poor well-being; screening for depression is recommended.',
          advice:
            'Your answers suggest poor well-being. It may help to talk to your doctor, who can check whether something like depression is behind it.',
        },
        {
          key: 'good',
          label: 'Good well-being',
          min: 51,
          max: 100,
          meaning: 'A score above 50: no sign of poor well-being.',
          advice: 'Your answers suggest good well-being over the last two weeks. Keep doing what keeps you well.',
        },
      ],
    },
  ],
  scoring:
    'Each item scores 5 (all of the time) to 0 (at no time); the raw score (0–25) is multiplied by 4 to give 0–100. 50 or below indicates poor well-being (screen for depression); 28 or below indicates likely depression.',
  mapping: [
    'WHO-5: one sum scale with every item weighted 4 gives the published percentage score (0–100) directly; the levels are the published cut-offs (≤ 28, ≤ 50).',
  ],
  reportNote:
    'The WHO-5 measures well-being; it is not a diagnosis. If your results worry you, please talk to a doctor or someone you trust.',
  citation:
    'WHO Regional Office for Europe. Wellbeing measures in primary health care: the DepCare Project. Copenhagen: WHO; 1998. Topp CW, Østergaard SD, Søndergaard S, Bech P. The WHO-5 Well-Being Index: a systematic review of the literature. Psychotherapy and Psychosomatics. 2015;84(3):167–176.',
  licence: 'Free to use; no permission is needed (Psychiatric Research Unit, Mental Health Centre North Zealand).',
  match: {
    names: [/\bwho[\s-]?5\b/i, /well-?being index/i],
    means: [/\b(mental\s+)?well-?being\s+(screen|screening|index)/i, /幸福感(指数|量表)|心理健康(筛查|自评)/],
  },
}
