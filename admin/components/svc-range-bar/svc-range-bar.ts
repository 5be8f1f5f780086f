import { LitElement, html, nothing, svg } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import type { Level, Range } from '../../../server/contract/scales/model.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { barDomain, barSegments, showBound } from '../svc-scales-editor/scale-preview.ts'
import { rangeBarStyles } from './svc-range-bar.styles.ts'

/**
 * @summary A small SVG bar of a scale's possible score range and how its levels tile it:
 * one block per level, gaps dashed red, overlaps solid red, the range's ends marked.
 */
@customElement('svc-range-bar')
export class SvcRangeBar extends LitElement {
  static override styles = [baseStyles, rangeBarStyles]

  /** The possible score range (null: no items yet). */
  @property({ attribute: false }) range: Range | null = null
  @property({ attribute: false }) levels: Level[] = []

  override render() {
    const domain = barDomain(this.range, this.levels)
    if (!domain) return html`<p class="muted small">Add items to see the possible score range.</p>`
    // Percent coordinates stretch the bar to any width without stretching its text.
    const x = (v: number) => ((v - domain.min) / (domain.max - domain.min)) * 100
    const pc = (v: number) => `${v}%`
    const segments = barSegments(domain, this.range, this.levels)
    const levels = segments.filter((s) => s.kind === 'level')
    const gaps = segments.filter((s) => s.kind === 'gap')
    const overlaps = segments.filter((s) => s.kind === 'overlap')
    const described = `Possible scores ${showBound(this.range?.min, '−∞')} to ${showBound(this.range?.max, '∞')}; ${levels.length} level${levels.length === 1 ? '' : 's'}, ${gaps.length} gap${gaps.length === 1 ? '' : 's'}, ${overlaps.length} overlap${overlaps.length === 1 ? '' : 's'}`
    return html`<svg role="img" aria-label=${described}>
        ${levels.map(
          (
            s,
            i,
          ) => svg`<rect class="level l${i % 5}" x=${pc(x(s.from))} y="4" width=${pc(Math.max(0, x(s.to) - x(s.from)))} height="22"><title>${s.label} (${s.key}): ${showBound(s.from, '−∞')}–${showBound(s.to, '∞')}</title></rect>
            ${x(s.to) - x(s.from) > 6 ? svg`<text class="key" x=${pc((x(s.from) + x(s.to)) / 2)} y="19" text-anchor="middle">${s.key}</text>` : nothing}`,
        )}
        ${gaps.map((s) => svg`<rect class="gap" x=${pc(x(s.from))} y="5" width=${pc(Math.max(0.4, x(s.to) - x(s.from)))} height="20"><title>gap ${showBound(s.from, '−∞')}–${showBound(s.to, '∞')}</title></rect>`)}
        ${overlaps.map((s) => svg`<rect class="overlap" x=${pc(x(s.from))} y="4" width=${pc(Math.max(0.4, x(s.to) - x(s.from)))} height="22"><title>overlap ${showBound(s.from, '−∞')}–${showBound(s.to, '∞')}</title></rect>`)}
        ${
          this.range
            ? svg`<line class="range" x1=${pc(x(Math.max(domain.min, this.range.min)))} x2=${pc(x(Math.max(domain.min, this.range.min)))} y1="0" y2="32"></line>
              <line class="range" x1=${pc(x(Math.min(domain.max, this.range.max)))} x2=${pc(x(Math.min(domain.max, this.range.max)))} y1="0" y2="32"></line>
              <text x=${pc(x(Math.max(domain.min, this.range.min)))} y="44" text-anchor="start">${showBound(this.range.min, '−∞')}</text>
              <text x=${pc(x(Math.min(domain.max, this.range.max)))} y="44" text-anchor="end">${showBound(this.range.max, '∞')}</text>`
            : nothing
        }
      </svg>
      <div class="legend">
        <span>${this.range ? html`Possible scores <strong>${showBound(this.range.min, '−∞')} – ${showBound(this.range.max, '∞')}</strong>` : 'No items yet'}</span>
        ${gaps.length ? html`<span><span class="swatch gap"></span>${gaps.length} gap${gaps.length === 1 ? '' : 's'}</span>` : nothing}
        ${overlaps.length ? html`<span><span class="swatch overlap"></span>${overlaps.length} overlap${overlaps.length === 1 ? '' : 's'}</span>` : nothing}
      </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-range-bar': SvcRangeBar
  }
}
