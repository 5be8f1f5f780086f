/** @module The IPIP 10-item Self-Efficacy scale (NEO-PI-R facet C1), items verbatim and keyed as published. */
import { ipipFacetInstrument } from './ipip-common.ts'

export const IPIP_SELF_EFFICACY = ipipFacetInstrument({
  id: 'ipip-self-efficacy',
  name: 'Self-Efficacy',
  key: 'self-efficacy',
  purpose: 'The IPIP Self-Efficacy scale describes confidence in one’s own ability to get things done.',
  items: [
    ['+', 'Complete tasks successfully.'],
    ['+', 'Excel in what I do.'],
    ['+', 'Handle tasks smoothly.'],
    ['+', 'Am sure of my ground.'],
    ['+', 'Come up with good solutions.'],
    ['+', 'Know how to get things done.'],
    ['-', 'Misjudge situations.'],
    ['-', "Don't understand things."],
    ['-', 'Have little to contribute.'],
    ['-', "Don't see the consequences of things."],
  ],
  low: 'unsure of your own competence',
  high: 'confident that you get things done',
  match: { names: [/\bipip self[\s-]efficacy/i], means: [/\bself[\s-]efficacy\b/i, /自我效能/] },
})
