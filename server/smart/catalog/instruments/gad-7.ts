/** @module GAD-7, the Generalized Anxiety Disorder scale (Spitzer, Kroenke, Williams & Löwe 2006). */
import { PHQ_FREQUENCY, phqSeverity } from './phq-common.ts'
import type { Instrument } from './types.ts'

const item = (n: number, text: string) => ({ key: `gad7_${n}`, text, answers: 'frequency', dimension: 'anxiety' })

export const GAD_7: Instrument = {
  id: 'gad-7',
  shortName: 'GAD-7',
  name: 'Generalized Anxiety Disorder scale (GAD-7)',
  purpose:
    'The GAD-7 screens for generalized anxiety and measures how severe anxiety symptoms have been over the last two weeks.',
  instructions: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
  publishedItemCount: 7,
  answerScales: { frequency: PHQ_FREQUENCY },
  items: [
    item(1, 'Feeling nervous, anxious, or on edge'),
    item(2, 'Not being able to stop or control worrying'),
    item(3, 'Worrying too much about different things'),
    item(4, 'Trouble relaxing'),
    item(5, 'Being so restless that it is hard to sit still'),
    item(6, 'Becoming easily annoyed or irritable'),
    item(7, 'Feeling afraid as if something awful might happen'),
  ],
  dimensions: [
    phqSeverity({
      key: 'anxiety',
      name: 'Anxiety severity',
      description: 'The sum of the seven items, 0 to 21.',
      bands: [
        {
          key: 'minimal',
          label: 'Minimal',
          min: 0,
          max: 5,
          meaning: 'A score of 0–4: minimal anxiety.',
          advice: 'Your answers suggest little or no anxiety at the moment.',
        },
        {
          key: 'mild',
          label: 'Mild',
          min: 5,
          max: 10,
          meaning: 'A score of 5–9: mild anxiety.',
          advice:
            'Your answers suggest mild anxiety. Keep an eye on it, and talk to your doctor if it stays or gets worse.',
        },
        {
          key: 'moderate',
          label: 'Moderate',
          min: 10,
          max: 15,
          meaning:
            'A score of 10–14: moderate anxiety; 10 is the usual cut-off for possible generalized anxiety disorder.',
          advice:
            'Your answers suggest moderate anxiety. Please talk to your doctor or a mental health professional; effective help is available.',
        },
        {
          key: 'severe',
          label: 'Severe',
          min: 15,
          max: 21,
          meaning: 'A score of 15–21: severe anxiety.',
          advice:
            'Your answers suggest severe anxiety. Please contact your doctor or a mental health professional soon.',
        },
      ],
    }),
  ],
  scoring:
    'Each item scores 0 (not at all) to 3 (nearly every day); the total is the sum, 0–21. Cut-offs 5, 10 and 15 mark mild, moderate and severe anxiety.',
  mapping: [
    'GAD-7: one sum scale over the seven items scores exactly as published (0–21); the levels are the published severity bands.',
  ],
  reportNote:
    'The GAD-7 is a screening questionnaire, not a diagnosis. If anxiety gets in the way of your daily life, please talk to a doctor or someone you trust.',
  citation:
    'Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Archives of Internal Medicine. 2006;166(10):1092–1097.',
  licence:
    'PHQ screeners, including the GAD-7, © Pfizer Inc.; no permission is required to reproduce, translate, display or distribute them.',
  match: {
    names: [/\bgad[\s-]?7\b/i, /generali[sz]ed anxiety disorder/i],
    means: [
      /\banxiety\s+(screen|screening|screener|check|questionnaire|test|scale|severity|self-check)/i,
      /\bscreen(ing)?\s+for\s+anxiety/i,
      /焦虑/,
    ],
  },
}
