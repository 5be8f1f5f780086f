/**
 * @module Every snapshot section in document order. A module joins the snapshot with one
 * line here (scale, report, expert and connect arrive with the assessment issue).
 */
import { connectSection, expertSection, reportSection, scalesSection } from './assessment-sections.ts'
import { appSection, countsSection, fieldsSection, shareSection } from './core-sections.ts'
import type { SnapshotSection } from './section.ts'

export const SECTIONS: SnapshotSection[] = [
  appSection,
  fieldsSection,
  scalesSection,
  reportSection,
  expertSection,
  connectSection,
  shareSection,
  countsSection,
]

export const SECTION_NAMES = SECTIONS.map((s) => s.name)
