/** @module The IPIP 10-item Self-Discipline scale (NEO-PI-R facet C5), items verbatim and keyed as published. */
import { ipipFacetInstrument } from './ipip-common.ts'

export const IPIP_SELF_DISCIPLINE = ipipFacetInstrument({
  id: 'ipip-self-discipline',
  name: 'Self-Discipline',
  key: 'self-discipline',
  purpose:
    'The IPIP Self-Discipline scale describes the ability to start tasks and carry them through despite boredom or distraction.',
  items: [
    ['+', 'Get chores done right away.'],
    ['+', 'Am always prepared.'],
    ['+', 'Start tasks right away.'],
    ['+', 'Get to work at once.'],
    ['+', 'Carry out my plans.'],
    ['-', 'Find it difficult to get down to work.'],
    ['-', 'Waste my time.'],
    ['-', 'Need a push to get started.'],
    ['-', 'Have difficulty starting tasks.'],
    ['-', 'Postpone decisions.'],
  ],
  low: 'prone to putting things off',
  high: 'quick to start and steady to finish',
  match: {
    names: [/\bipip self[\s-]discipline/i],
    means: [/\bself[\s-]discipline\b/i, /\bprocrastination\b/i, /自律|拖延/],
  },
})
