/**
 * @module An inline SVG bar chart of a report's dimensions: one row per scale, the bar
 * drawn from the scale's lowest to its highest level bound. No script, no CDN; the
 * numbers are also given as text for screen readers.
 */
import type { ScoreBlock } from '../core/reports/build.ts'
import { html, trusted, type Html } from './html.ts'

const WIDTH = 480
const ROW = 60
const LABEL_H = 24
const BAR_H = 18
const PAD = 8

const num = (n: number): string => String(Math.round(n * 100) / 100)

/** The chart for `scores`; `id` makes the title reference unique on the page. */
export function barChart(scores: readonly ScoreBlock[], id: string): Html {
  const height = scores.length * ROW + PAD
  const rows = scores.map((s, i) => {
    const y = i * ROW + PAD
    const share = s.score === null ? 0 : Math.max(0, Math.min(1, (s.score - s.min) / (s.max - s.min)))
    const value = s.score === null ? 'no answers' : `${num(s.score)}${s.level ? ` · ${s.level.label}` : ''}`
    return html`<g>
<text x="0" y="${trusted(num(y + 16))}">${s.name}</text>
<text x="${WIDTH}" y="${trusted(num(y + 16))}" text-anchor="end">${value}</text>
<rect class="track" x="0" y="${trusted(num(y + LABEL_H))}" width="${WIDTH}" height="${BAR_H}" rx="4"></rect>
<rect class="bar" x="0" y="${trusted(num(y + LABEL_H))}" width="${trusted(num(share * WIDTH))}" height="${BAR_H}" rx="4"></rect>
</g>`
  })
  const summary = scores
    .map(
      (s) =>
        `${s.name}: ${s.score === null ? 'no answers' : num(s.score)} (range ${num(s.min)}–${num(s.max)})${s.level ? `, ${s.level.label}` : ''}`,
    )
    .join('; ')
  return html`<svg class="chart" role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 ${WIDTH} ${height}" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Scores by dimension</title>
<desc id="${id}-desc">${summary}</desc>
${rows}
</svg>`
}
