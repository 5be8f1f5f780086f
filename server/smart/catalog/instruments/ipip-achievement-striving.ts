/** @module The IPIP 10-item Achievement-Striving scale (NEO-PI-R facet C4), items verbatim and keyed as published. */
import { ipipFacetInstrument } from './ipip-common.ts'

export const IPIP_ACHIEVEMENT_STRIVING = ipipFacetInstrument({
  id: 'ipip-achievement-striving',
  name: 'Achievement-Striving',
  key: 'achievement-striving',
  purpose:
    'The IPIP Achievement-Striving scale describes drive to achieve: working hard, setting high standards and pursuing goals.',
  items: [
    ['+', 'Go straight for the goal.'],
    ['+', 'Work hard.'],
    ['+', 'Turn plans into actions.'],
    ['+', 'Plunge into tasks with all my heart.'],
    ['+', "Do more than what's expected of me."],
    ['+', 'Set high standards for myself and others.'],
    ['+', 'Demand quality.'],
    ['-', 'Am not highly motivated to succeed.'],
    ['-', 'Do just enough work to get by.'],
    ['-', 'Put little time and effort into my work.'],
  ],
  low: 'content with doing what is needed',
  high: 'driven, with high standards',
  match: { names: [/achievement[\s-]striving/i], means: [/\bachievement motivation\b/i, /成就(动机|追求)/] },
})
