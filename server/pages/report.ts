/**
 * @module The respondent's report page (and the HTML report preview): the report model
 * drawn as pages of sections, every text escaped, the chart as inline SVG.
 */
import type { Theme } from '../contract/connect/schemas.ts'
import type { ReportBlock, ReportModel, ScoreBlock } from '../core/reports/build.ts'
import { barChart } from './chart.ts'
import { html, type Html } from './html.ts'
import { document } from './layout.ts'

const paras = (paragraphs: readonly string[]): Html[] => paragraphs.map((p) => html`<p>${p}</p>`)

const heading = (title: string): Html | '' => (title ? html`<h2>${title}</h2>` : '')

function scoreHtml(score: ScoreBlock): Html {
  return html`<div class="score">
<div><strong>${score.name}</strong></div>
<div class="value">${score.score === null ? 'No answers' : String(score.score)}${score.level ? html` <span class="level">· ${score.level.label}</span>` : ''}</div>
${score.level?.interpretation ? paras(score.level.interpretation.split(/\n\s*\n/)) : ''}
</div>`
}

function blockHtml(block: ReportBlock, id: string): Html {
  switch (block.type) {
    case 'text':
      return html`<section>${heading(block.title)}${paras(block.paragraphs)}</section>`
    case 'score':
      return html`<section>${heading(block.title)}${scoreHtml(block.score)}${paras(block.paragraphs)}</section>`
    case 'chart':
      return html`<section>${heading(block.title)}${barChart(block.scores, id)}</section>`
    case 'expert': {
      const p = block.profile
      return html`<section class="expert-section">${heading(block.title)}
${p ? html`<div class="expert">${p.avatarUrl ? html`<img src="${p.avatarUrl}" alt="">` : ''}<div><strong>${p.name}</strong>${p.title ? html`<div>${p.title}</div>` : ''}${p.bio ? paras(p.bio.split(/\n\s*\n/)) : ''}</div></div>` : ''}
${block.comments.map((c) => html`<h3>${c.scale} – ${c.level}</h3>${paras(c.text)}`)}
</section>`
    }
  }
}

/** The report's body markup (no document around it). */
export function reportBody(model: ReportModel, theme: Theme): Html {
  return html`${theme.logoUrl ? html`<img class="logo" src="${theme.logoUrl}" alt="">` : ''}
<h1>${model.appName}</h1>
${model.pages.map(
  (page, p) => html`<article class="report-page" aria-label="${page.title || `Page ${p + 1}`}">
${page.title && page.title !== model.appName ? html`<h2>${page.title}</h2>` : ''}
${page.blocks.map((block, b) => blockHtml(block, `chart-${p}-${b}`))}
</article>`,
)}`
}

/** The complete report document. */
export function reportDocument(model: ReportModel, theme: Theme): string {
  return document({ title: `${model.appName} – your results`, theme, body: reportBody(model, theme) })
}
