/** @module The IPIP 10-item Assertiveness scale (NEO-PI-R facet E3), items verbatim and keyed as published. */
import { ipipFacetInstrument } from './ipip-common.ts'

export const IPIP_ASSERTIVENESS = ipipFacetInstrument({
  id: 'ipip-assertiveness',
  name: 'Assertiveness',
  key: 'assertiveness',
  purpose: 'The IPIP Assertiveness scale describes taking charge: leading, influencing others and speaking up.',
  items: [
    ['+', 'Take charge.'],
    ['+', 'Try to lead others.'],
    ['+', 'Can talk others into doing things.'],
    ['+', 'Seek to influence others.'],
    ['+', 'Take control of things.'],
    ['-', 'Wait for others to lead the way.'],
    ['-', 'Keep in the background.'],
    ['-', 'Have little to say.'],
    ['-', "Don't like to draw attention to myself."],
    ['-', 'Hold back my opinions.'],
  ],
  low: 'happy to let others lead',
  high: 'quick to take charge and speak up',
  match: { names: [/\bipip assertiveness/i], means: [/\bassertiveness\b/i, /果敢|自信表达/] },
})
