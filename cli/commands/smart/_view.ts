/**
 * @module How plans, jobs and executions read: a short overview (CLI output and the MCP
 * tools' structured results), the plan as Markdown (`smart plan show`), and text views.
 */
import { cell, details, table, type Style } from '../../output.ts'
import type { ExecuteResult, Job, Plan, PlanSummary, StoredPlan } from './_api.ts'
import { asProgram } from '../../program.ts'

/** A plan in a few lines: what an agent or a person checks before building. */
export interface PlanOverview {
  planId: string
  planner: string
  name: string
  description: string
  language: Plan['language']
  questions: number
  dimensions: Array<{ key: string; name: string; items: number; levels: string[] }>
  reportPages: string[]
  publish: boolean
  /** The defaults the planner chose and why. */
  notes: string[]
  /** The app built from the plan so far, if any. */
  appId: string | null
}

/** The overview of a stored plan. */
export function planOverview(stored: StoredPlan): PlanOverview {
  const { plan } = stored
  return {
    planId: stored.id,
    planner: stored.planner,
    name: plan.app.name,
    description: plan.app.description,
    language: plan.language,
    questions: plan.form.fields.length,
    dimensions: plan.scale.scales.map((scale) => ({
      key: scale.key,
      name: scale.name,
      items: scale.items?.length ?? 0,
      levels: (scale.levels ?? []).map((level) => level.label),
    })),
    reportPages: plan.report.pages.map((page) => page.title),
    publish: plan.share.publish,
    notes: plan.notes,
    appId: stored.execution?.appId ?? null,
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The overview as a short paragraph plus the notes. */
export function overviewText(overview: PlanOverview): string {
  const dimensions = overview.dimensions
    .map((d) => `${d.name} (${plural(d.items, 'item')}; levels ${d.levels.join(' / ')})`)
    .join(', ')
  const size = overview.dimensions.length
    ? `${plural(overview.questions, 'question')}, ${plural(overview.dimensions.length, 'dimension')}: ${dimensions}`
    : `${plural(overview.questions, 'field')}, a plain form (no scales, report or expert)`
  const lines = [
    `Plan ${overview.planId}: "${overview.name}" (${overview.language}, ${overview.planner} planner), ${size}.`,
    `Report pages: ${overview.reportPages.length ? overview.reportPages.join(' · ') : 'none'}. Publish when executed: ${overview.publish ? 'yes' : 'no'}.`,
  ]
  if (overview.notes.length)
    lines.push('Notes (defaults the planner chose):', ...overview.notes.map((note) => `- ${note}`))
  return lines.join('\n')
}

const range = (min: number | null, max: number | null) => `${min ?? '…'}–${max ?? '…'}`

/** The whole plan as a Markdown document a person can review. */
export function planMarkdown(stored: StoredPlan): string {
  const { plan } = stored
  const out: string[] = [`# ${plan.app.name}`, '']
  if (plan.app.description) out.push(plan.app.description, '')
  out.push(
    `Plan \`${stored.id}\` · ${stored.planner} planner · language ${plan.language} · updated ${stored.updatedAt}`,
  )
  out.push(
    `App: ${stored.execution?.appId ? `\`${stored.execution.appId}\`` : 'not built yet'} · publish when executed: ${plan.share.publish ? 'yes' : 'no'}`,
    '',
  )
  out.push(`> ${plan.instruction.replace(/\n/g, '\n> ')}`, '')
  if (plan.notes.length) out.push('## Notes', '', ...plan.notes.map((note) => `- ${note}`), '')
  const plain = plan.scale.scales.length === 0
  out.push(`## ${plain ? 'Fields' : 'Questions'} (${plan.form.fields.length})`, '')
  plan.form.fields.forEach((field, index) => {
    const options = field.options?.length ? ` — ${field.options.join(' / ')}` : ''
    out.push(
      `${index + 1}. \`${field.name}\` (${field.type}${field.required ? ', required' : ''}) ${field.label}${options}`,
    )
  })
  out.push(
    '',
    `## Dimensions (${plan.scale.scales.length})`,
    '',
    ...(plain ? ['None: a plain form scores nothing, and respondents see a thank-you page after sending.', ''] : []),
  )
  for (const scale of plan.scale.scales) {
    const items = (scale.items ?? []).map(
      (item) => `\`${item.field}\`${item.reverse ? ' (reversed)' : ''}${item.weight !== 1 ? ` ×${item.weight}` : ''}`,
    )
    out.push(`### ${scale.name} (\`${scale.key}\`, ${scale.method})`, '')
    if (scale.description) out.push(scale.description, '')
    out.push(`Items: ${items.join(', ') || 'none'}`, '')
    for (const level of scale.levels ?? [])
      out.push(
        `- **${level.label}** (\`${level.key}\`, ${range(level.min, level.max)}): ${level.interpretation ?? ''}`.trimEnd(),
      )
    out.push('')
  }
  out.push(`## Report (${plural(plan.report.pages.length, 'page')})`, '')
  plan.report.pages.forEach((page, index) => {
    const sections = page.sections.map((section) =>
      section.scale ? `${section.type} (${section.scale})` : section.type,
    )
    out.push(`${index + 1}. ${page.title}: ${sections.join(', ')}`)
  })
  const profile = plan.expert.profile
  out.push(
    '',
    '## Expert',
    '',
    `${[profile.name, profile.title].filter(Boolean).join(', ') || 'No name'} · ${plural(plan.expert.commentary.length, 'comment')}`,
  )
  const theme = Object.entries(plan.connect.theme).filter(([, value]) => value !== undefined && value !== null)
  out.push(
    '',
    '## Styling',
    '',
    theme.length
      ? theme
          .map(
            ([key, value]) =>
              `- ${key}: ${key === 'customCss' ? `${String(value).length} characters of CSS` : cell(value)}`,
          )
          .join('\n')
      : 'Defaults',
  )
  if (stored.execution) {
    out.push('', '## Execution', '')
    for (const [module, outcome] of Object.entries(stored.execution.modules)) {
      out.push(
        `- ${module}: ${outcome.status}${outcome.error ? ` (${outcome.error})` : ''}, created ${outcome.created.length}, existing ${outcome.existing.length}`,
      )
    }
  }
  return `${out.join('\n').trimEnd()}\n`
}

/** One line per module of an execution. */
export function moduleLines(result: ExecuteResult): string[] {
  const width = Math.max(...result.modules.map((m) => m.module.length))
  return result.modules.map((m) => {
    const what =
      m.status === 'skipped'
        ? `skipped (done by an earlier run: ${m.existing.length})`
        : [
            m.created.length ? `created ${m.created.length}: ${m.created.join(', ')}` : '',
            m.existing.length ? `already there ${m.existing.length}: ${m.existing.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; ') || 'nothing to do'
    return `${m.module.padEnd(width)}  ${what}`
  })
}

/** The app's URLs as `key  value` lines, with how to publish when there is no endpoint yet. */
export function urlLines(style: Style, result: ExecuteResult): string {
  const unpublished = asProgram(`not published: svc-cli share publish --app ${result.appId}`, style.program)
  return details(style, {
    'fill-in': result.urls.fillIn ?? unpublished,
    editor: result.urls.editor,
    data: result.urls.data,
    endpoint: result.urls.endpoint ?? unpublished,
  })
}

/** What `smart execute` and `smart generate` print for a built app. */
export const executionText = (result: ExecuteResult) => (style: Style) =>
  [
    `${result.appCreated ? 'Built' : 'Updated'} app ${result.appId} from plan ${result.planId}`,
    ...moduleLines(result).map((line) => `  ${line}`),
    '',
    urlLines(style, result),
  ].join('\n')

/** A job as `key  value` lines and its messages. */
export const jobText = (job: Job) => (style: Style) => {
  const head = details(style, {
    job: job.id,
    status: job.status,
    planner: job.planner,
    stage: `${job.progress.stage} (${job.progress.percent}%)`,
    plan: job.planId,
    error: job.error ? `${job.error.type}: ${job.error.message}` : null,
    created: job.createdAt,
    finished: job.finishedAt,
  })
  const next =
    job.status === 'succeeded'
      ? `\n\nNext: svc-cli smart plan show --plan ${job.planId}   then   svc-cli smart execute --plan ${job.planId}`
      : job.status === 'queued' || job.status === 'running'
        ? `\n\nStill planning: run svc-cli smart status --job ${job.id} again in a moment`
        : ''
  return `${head}\n\n${job.progress.messages.map((message) => `- ${message}`).join('\n')}${asProgram(next, style.program)}`
}

/** The plans list as a table. */
export const plansTable = (plans: PlanSummary[]) => (style: Style) =>
  table(
    style,
    plans,
    {
      id: (p) => p.id,
      name: (p) => p.name,
      language: (p) => p.language,
      questions: (p) => p.questions,
      dimensions: (p) => p.dimensions,
      app: (p) => p.appId,
      updated: (p) => p.updatedAt,
    },
    'No plans yet. Make one with: svc-cli smart generate --input "a 10-question wellbeing check" --plan-only',
  )
