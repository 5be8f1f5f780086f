/**
 * @module Notes every planner writes the same way: the language it read and whether the
 * app is published when the plan is executed.
 */
import type { PlanLanguage } from '../contract/smart/plan.ts'

const LANGUAGE_NAMES: Record<PlanLanguage, string> = { en: 'English', zh: 'Chinese' }

/** "Language: English, detected from the instruction." */
export const languageNote = (language: PlanLanguage): string =>
  `Language: ${LANGUAGE_NAMES[language]}, detected from the instruction.`

/** Whether the app is published when the plan is executed, and why. */
export const publishNote = (publish: boolean): string =>
  publish
    ? 'Publishing: asked for, so the app is published when the plan is executed.'
    : 'Publishing: not asked for, so the app stays unpublished until you publish it.'
