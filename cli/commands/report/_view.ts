/**
 * @module How report pages read in a terminal; shared by the report commands.
 */
import type { ReportPage, ReportSection } from '../../../server/contract/api/reports.ts'
import { bold, dim, table, type Style } from '../../output.ts'
import { asProgram } from '../../program.ts'

// The API's shapes are the contract's answer types (type-only: nothing of the server loads).
export type { ReportPage, ReportSection }

export const pageArg = {
  page: { type: 'string', description: 'Page number (1, 2, …) or id', required: true, valueHint: 'page' },
} as const

const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text)

/** One page: its title and a numbered table of its sections. */
export const pageView = (page: ReportPage) => (style: Style) =>
  `${bold(style, `Page ${page.number}: ${page.title || '(untitled)'}`)} ${dim(style, page.id)}\n${table(
    style,
    page.sections.map((section, index) => ({ ...section, number: index + 1 })),
    {
      '#': (s) => s.number,
      type: (s) => s.type,
      scale: (s) => s.scale,
      title: (s) => s.title,
      text: (s) => preview(s.text),
      id: (s) => s.id,
    },
    `No sections yet. Add one with: svc-cli report section add --app <appId> --page ${page.number} --type intro --text "…"`,
  )}`

/** Every page with its sections. */
export const reportView = (pages: ReportPage[]) => (style: Style) =>
  pages.length === 0
    ? asProgram(
        'No report pages yet. Add one with: svc-cli report page add --app <appId> --title "Your results"',
        style.program,
      )
    : pages.map((page) => pageView(page)(style)).join('\n\n')

/** One line per page. */
export const pageTable = (pages: ReportPage[]) => (style: Style) =>
  table(
    style,
    pages,
    {
      '#': (p) => p.number,
      title: (p) => p.title,
      sections: (p) => p.sections.map((s) => (s.scale ? `${s.type}:${s.scale}` : s.type)),
      id: (p) => p.id,
    },
    'No report pages yet. Add one with: svc-cli report page add --app <appId> --title "Your results"',
  )
