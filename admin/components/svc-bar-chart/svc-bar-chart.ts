import { LitElement, html, nothing, svg } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import { formatCount } from '../../format.ts'
import { barChartStyles } from './svc-bar-chart.styles.ts'

export interface Bar {
  label: string
  count: number
  /** Drawn in a quieter colour (e.g. "other", "missing"). */
  muted?: boolean
}

/**
 * @summary Horizontal bars, one per value, drawn as SVG; labels are text (any script, any
 * direction) and every bar states its count, so the chart reads without colour.
 */
@customElement('svc-bar-chart')
export class SvcBarChart extends LitElement {
  static override styles = barChartStyles

  @property({ attribute: false }) bars: Bar[] = []
  /** What the bars count, for screen readers, e.g. "records". */
  @property() unit = 'records'

  override render() {
    const max = Math.max(1, ...this.bars.map((b) => b.count))
    if (this.bars.length === 0) return nothing
    return html`<ol>
      ${this.bars.map(
        (bar) => html`<li aria-label="${bar.label}: ${bar.count} ${this.unit}">
          <span class="label ${bar.muted ? 'other' : ''}" dir="auto" title=${bar.label}>${bar.label}</span>
          <svg viewBox="0 0 100 14" preserveAspectRatio="none" aria-hidden="true">
            ${svg`<rect class="track" x="0" y="2" width="100" height="10" rx="2"></rect>
            <rect class="bar ${bar.muted ? 'muted' : ''}" x="0" y="2" width=${(bar.count / max) * 100} height="10" rx="2"></rect>`}
          </svg>
          <span class="count">${formatCount(bar.count)}</span>
        </li>`,
      )}
    </ol>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-bar-chart': SvcBarChart
  }
}
