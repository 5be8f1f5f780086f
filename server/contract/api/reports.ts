/**
 * @module The report operations (the pages respondents see after submitting) and their
 * answers. `:page` is a page id or its 1-based number; `:section` a section id or its
 * 1-based number on the page.
 */
import { z } from 'zod'
import {
  addPageSchema,
  addSectionSchema,
  previewReportSchema,
  REPORT_FORMATS,
  SECTION_TYPES,
  updatePageSchema,
} from '../reports/schemas.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named, onFirstUse } from './named.ts'
import { deletedAnswer, isoTime } from './shapes.ts'

export const reportSectionSchema = named('ReportSection', () =>
  z.object({
    id: z.string(),
    type: z.enum(SECTION_TYPES),
    title: z.string(),
    text: z.string(),
    scale: z.string().nullable().meta({
      description: "The scale's key; null when none is set or the scale was deleted (the section is then skipped)",
    }),
  }),
)
export type ReportSection = z.output<ReturnType<typeof reportSectionSchema>>

export const reportPageSchema = named('ReportPage', () =>
  z.object({
    id: z.string(),
    number: z.number().int().meta({ description: '1-based place among the pages' }),
    title: z.string(),
    sections: z.array(reportSectionSchema()),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
)
export type ReportPage = z.output<ReturnType<typeof reportPageSchema>>

export const reportPagesSchema = named('ReportPages', () => z.object({ pages: z.array(reportPageSchema()) }))

/** One scale's score of the preview's answers. */
const previewScoreSchema = onFirstUse(() =>
  z.object({
    score: z.number().nullable().meta({ description: 'null when no item of the scale is answered' }),
    level: z.string().nullable().meta({ description: 'The key of the level holding the score' }),
    levelLabel: z.string().nullable(),
  }),
)

export const reportPreviewSchema = named('ReportPreview', () =>
  z.object({
    format: z.enum(REPORT_FORMATS),
    scores: z.record(z.string(), previewScoreSchema()).meta({ description: 'The scores by scale key' }),
    content: z.string().meta({ description: 'The report as plain text, or as a whole HTML page' }),
  }),
)
export type ReportPreview = z.output<ReturnType<typeof reportPreviewSchema>>

const tags = ['report']

export const reportOperations = lazyAnswers({
  'reports.get': {
    summary: 'The report definition',
    description: 'Every page with its sections, in order.',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(reportPagesSchema(), 'The pages') }),
    errors: ['not_found'],
  },
  'reports.listPages': {
    summary: 'List the report pages',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(reportPagesSchema(), 'The pages') }),
    errors: ['not_found'],
  },
  'reports.addPage': {
    summary: 'Add a report page',
    description: 'Empty, last unless position is given.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: addPageSchema,
    answers: () => ({ 200: data(reportPageSchema(), 'The new page') }),
    errors: ['not_found'],
  },
  'reports.updatePage': {
    summary: 'Rename or move a report page',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: updatePageSchema,
    answers: () => ({ 200: data(reportPageSchema(), 'The page as it is now') }),
    errors: ['bad_request', 'not_found'],
  },
  'reports.removePage': {
    summary: 'Remove a report page with its sections',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({ 200: data(deletedAnswer, 'What was removed') }),
    errors: ['bad_request', 'not_found'],
  },
  'reports.addSection': {
    summary: 'Add a section to a report page',
    description:
      'intro/closing: text; score: one scale with its level and interpretation; chart: every scale; expert: the profile and commentary. Last unless position is given.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: addSectionSchema,
    answers: () => ({ 200: data(reportPageSchema(), 'The page with the section') }),
    errors: ['bad_request', 'not_found'],
  },
  'reports.removeSection': {
    summary: 'Remove a section from a report page',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({ 200: data(reportPageSchema(), 'The page without the section') }),
    errors: ['bad_request', 'not_found'],
  },
  'reports.preview': {
    summary: 'Render the report for given answers',
    description: 'As text or as an HTML page, scored with the current scales; nothing is stored.',
    tags,
    access: 'owner',
    permission: 'apps:read',
    audited: false,
    body: previewReportSchema,
    answers: () => ({ 200: data(reportPreviewSchema(), 'The scores and the rendered report') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'reports'>
