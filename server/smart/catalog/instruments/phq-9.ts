/** @module PHQ-9, the Patient Health Questionnaire depression module (Kroenke, Spitzer & Williams 2001). */
import { PHQ_FREQUENCY, phqSeverity } from './phq-common.ts'
import type { Instrument } from './types.ts'

const item = (n: number, text: string) => ({ key: `phq9_${n}`, text, answers: 'frequency', dimension: 'depression' })

export const PHQ_9: Instrument = {
  id: 'phq-9',
  shortName: 'PHQ-9',
  name: 'Patient Health Questionnaire (PHQ-9)',
  purpose:
    'The PHQ-9 screens for depression and measures how severe depressive symptoms have been over the last two weeks.',
  instructions: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  publishedItemCount: 9,
  answerScales: { frequency: PHQ_FREQUENCY },
  items: [
    item(1, 'Little interest or pleasure in doing things'),
    item(2, 'Feeling down, depressed, or hopeless'),
    item(3, 'Trouble falling or staying asleep, or sleeping too much'),
    item(4, 'Feeling tired or having little energy'),
    item(5, 'Poor appetite or overeating'),
    item(6, 'Feeling bad about yourself — or that you are a failure or have let yourself or your family down'),
    item(7, 'Trouble concentrating on things, such as reading the newspaper or watching television'),
    item(
      8,
      'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    ),
    item(9, 'Thoughts that you would be better off dead or of hurting yourself in some way'),
  ],
  dimensions: [
    phqSeverity({
      key: 'depression',
      name: 'Depression severity',
      description: 'The sum of the nine items, 0 to 27.',
      bands: [
        {
          key: 'minimal',
          label: 'Minimal',
          min: 0,
          max: 5,
          meaning: 'A score of 0–4: minimal or no depressive symptoms.',
          advice:
            'Your answers suggest few or no symptoms of depression at the moment. Keep looking after the things that keep you well.',
        },
        {
          key: 'mild',
          label: 'Mild',
          min: 5,
          max: 10,
          meaning: 'A score of 5–9: mild depressive symptoms.',
          advice:
            'Your answers suggest mild symptoms. It is worth watching how you feel over the next weeks and talking to your doctor if the symptoms stay or get worse.',
        },
        {
          key: 'moderate',
          label: 'Moderate',
          min: 10,
          max: 15,
          meaning: 'A score of 10–14: moderate depressive symptoms.',
          advice:
            'Your answers suggest moderate symptoms. Please talk to your doctor or a mental health professional about them; effective help is available.',
        },
        {
          key: 'moderately-severe',
          label: 'Moderately severe',
          min: 15,
          max: 20,
          meaning: 'A score of 15–19: moderately severe depressive symptoms.',
          advice:
            'Your answers suggest moderately severe symptoms. Please see your doctor or a mental health professional soon to talk about treatment.',
        },
        {
          key: 'severe',
          label: 'Severe',
          min: 20,
          max: 27,
          meaning: 'A score of 20–27: severe depressive symptoms.',
          advice:
            'Your answers suggest severe symptoms. Please contact your doctor or a mental health professional as soon as possible.',
        },
      ],
    }),
  ],
  scoring:
    'Each item scores 0 (not at all) to 3 (nearly every day); the total is the sum, 0–27. Cut-offs 5, 10, 15 and 20 mark mild, moderate, moderately severe and severe depression.',
  mapping: [
    'PHQ-9: one sum scale over the nine items scores exactly as published (0–27); the levels are the published severity bands.',
  ],
  reportNote:
    'The PHQ-9 is a screening questionnaire, not a diagnosis. If you answered anything other than "Not at all" to the last question (thoughts that you would be better off dead or of hurting yourself), please talk to a doctor, a crisis line or someone you trust today.',
  citation:
    'Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. Journal of General Internal Medicine. 2001;16(9):606–613.',
  licence:
    'PHQ screeners © Pfizer Inc.; no permission is required to reproduce, translate, display or distribute them.',
  match: {
    names: [/\bphq[\s-]?9\b/i, /patient health questionnaire/i, /\bphq\b/i],
    means: [
      /\bdepression\s+(screen|screening|screener|check|questionnaire|test|severity)/i,
      /\bscreen(ing)?\s+for\s+depression/i,
      /抑郁(症)?(筛查|自评|量表|测评|检测|测试|评估)/,
    ],
  },
}
