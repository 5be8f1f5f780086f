import { LitElement, html, nothing, svg, type PropertyValues } from 'lit'
import { formatBytes } from '../../../server/contract/files/model.ts'
import { customElement, property, state } from 'lit/decorators.js'
import { api, type App, type FieldSummary, type Summary, type TopValue } from '../../api.ts'
import { fieldLabel, formatCount, formatDateTime, formatNumber } from '../../format.ts'
import { LiveRecords } from '../../live-records.ts'
import { hrefOf } from '../../router.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-bar-chart/svc-bar-chart.ts'
import '../svc-live-stopped/svc-live-stopped.ts'
import type { Bar } from '../svc-bar-chart/svc-bar-chart.ts'
import { fieldTypeLabel } from '../../../server/contract/fields/types/index.ts'
import type { ScaleSummary } from '../../../server/contract/scoring/aggregate.ts'
import { summaryStyles } from './svc-summary.styles.ts'

function bars(top: TopValue[], other: number): Bar[] {
  const list: Bar[] = top.map((t) => ({ label: t.value, count: t.count }))
  if (other > 0) list.push({ label: 'other values', count: other, muted: true })
  return list
}

/**
 * @summary The Summary tab: the server's aggregates drawn small — records per day for 30
 * days, top values as bars, min/mean/max for numbers, answers per point for ratings and NPS
 * (with the Net Promoter Score), the true/false split for booleans, files and their size,
 * scores per scale. While it is open, records arriving (spam too, which it counts apart)
 * read the figures again, at most once a second, in place.
 * @event svc-app-changed - After the figures moved with arriving records, so the app's count follows.
 */
@customElement('svc-summary')
export class SvcSummary extends LitElement {
  static override styles = [baseStyles, summaryStyles]

  @property({ attribute: false }) app!: App

  @state() private summary: Summary | null = null
  @state() private error = ''
  /** The fields' labels by name: cards read as the Data tab's columns do (label, name below). */
  @state() private labels = new Map<string, string>()
  private readonly live = new LiveRecords(this, { onChanged: () => void this.refresh() })
  /** Guards against an older, slower read overwriting a newer one. */
  private requestSeq = 0

  protected override willUpdate(changed: PropertyValues<this>) {
    // A new object for the same app (its counts reloaded) changes nothing here.
    if (changed.has('app') && changed.get('app')?.id !== this.app.id) void this.load()
  }

  private async load() {
    const seq = ++this.requestSeq
    // The stream first, so a record stored after the read is one it brings.
    await this.live.follow(this.app.id, { spam: 'include', filter: '' })
    try {
      const [summary, { fields }] = await Promise.all([api.summary(this.app.id), api.fields(this.app.id)])
      if (seq !== this.requestSeq) return
      this.labels = new Map(fields.map((field) => [field.name, fieldLabel(field)]))
      this.summary = summary
      this.error = ''
    } catch (error) {
      if (seq === this.requestSeq) this.error = (error as Error).message
    }
  }

  /** Records arrived: the figures are read again and replace the shown ones, which stay if the read fails. */
  private async refresh() {
    const seq = ++this.requestSeq
    try {
      const summary = await api.summary(this.app.id)
      if (seq !== this.requestSeq) return
      this.summary = summary
      this.error = ''
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch {
      // The next arrival reads them again; a stream that ended for good says so itself.
    }
  }

  private renderDays(days: Summary['days']) {
    const max = Math.max(1, ...days.map((d) => d.count))
    const width = 10
    return html`<section class="panel days" aria-labelledby="days-title">
      <header><h2 id="days-title">Records per day</h2><span class="muted small">last ${days.length} days (UTC)</span></header>
      <div class="body">
        <svg viewBox="0 0 ${days.length * width} 100" preserveAspectRatio="none" role="img" aria-label="Records per day, highest ${max}">
          ${days.map((d, i) => {
            const h = d.count === 0 ? 2 : Math.max(3, (d.count / max) * 96)
            return svg`<rect class="bar ${d.count === 0 ? 'zero' : ''}" x=${i * width + 1.5} y=${100 - h} width=${width - 3} height=${h} rx="1"><title>${d.date}: ${d.count}</title></rect>`
          })}
        </svg>
        <div class="axis"><span>${days[0]?.date ?? ''}</span><span>${days.some((d) => d.count > 0) ? `max ${formatCount(max)} / day` : 'no records in these days'}</span><span>${days.at(-1)?.date ?? ''}</span></div>
        <details class="as-table">
          <summary>Records per day as a table</summary>
          <table>
            <thead><tr><th scope="col">Day (UTC)</th><th scope="col">Records</th></tr></thead>
            <tbody>${days.map((d) => html`<tr><td>${d.date}</td><td>${formatCount(d.count)}</td></tr>`)}</tbody>
          </table>
        </details>
      </div>
    </section>`
  }

  private renderField(name: string, field: FieldSummary) {
    const label = this.labels.get(name) ?? name
    const total = field.count + field.missing
    const hasNumbers = field.mean !== undefined
    return html`<section class="panel field">
      <header>
        <h2 dir="auto" title=${label}>${label}${label === name ? nothing : html`<span class="name" dir="auto">${name}</span>`}</h2>
        <span class="type">${fieldTypeLabel(field.type)}</span>
      </header>
      <div class="body">
        <p class="coverage">${formatCount(field.count)} of ${formatCount(total)} records have a value${field.missing ? ` · ${formatCount(field.missing)} missing` : ''}</p>
        ${
          hasNumbers
            ? html`<dl class="numbers">
              ${(
                [
                  ['min', field.min],
                  ['mean', field.mean],
                  ['max', field.max],
                  ['sum', field.sum],
                ] as const
              ).map(
                ([label, value]) =>
                  html`<div><dt>${label}</dt><dd>${value === null || value === undefined ? '—' : formatNumber(value)}</dd></div>`,
              )}
            </dl>`
            : nothing
        }
        ${field.nps !== undefined && field.nps !== null ? html`<p class="nps">Net Promoter Score <strong>${formatNumber(field.nps)}</strong> <span class="muted small">(% of 9–10 minus % of 0–6)</span></p>` : nothing}
        ${
          field.distribution && field.count > 0
            ? html`<div><h3>Answers per point</h3><svc-bar-chart .bars=${field.distribution.map((point) => ({ label: String(point.value), count: point.count }))} unit="records"></svc-bar-chart></div>`
            : nothing
        }
        ${field.true !== undefined ? this.renderSplit(field.true ?? 0, field.false ?? 0) : nothing}
        ${field.top && (field.top.length || field.other) ? this.renderTop(field.top, field.other ?? 0) : nothing}
        ${
          field.files
            ? html`<dl class="numbers">
              <div><dt>files</dt><dd>${formatCount(field.files.files)}</dd></div>
              <div><dt>size</dt><dd>${field.files.bytes === null ? '—' : formatBytes(field.files.bytes)}</dd></div>
            </dl>`
            : nothing
        }
        ${
          field.items && (field.items.top.length || field.items.other)
            ? html`<div><h3>Chosen items</h3><svc-bar-chart .bars=${bars(field.items.top, field.items.other)} unit="times"></svc-bar-chart></div>`
            : nothing
        }
      </div>
    </section>`
  }

  /** One dimension of an assessment app: how many records it scored, the score range and mean, and records per level. */
  private renderScale(key: string, scale: ScaleSummary) {
    const levels = Object.entries(scale.levels).map(([value, count]) => ({ value, count }))
    return html`<section class="panel field scale">
      <header><h2 dir="auto" title=${key}>${key}</h2><span class="type">score</span></header>
      <div class="body">
        <p class="coverage">${formatCount(scale.count)} of ${formatCount(scale.count + scale.missing)} records scored${scale.missing ? ` · ${formatCount(scale.missing)} without a score` : ''}</p>
        <dl class="numbers">
          ${(
            [
              ['min', scale.min],
              ['mean', scale.mean],
              ['max', scale.max],
            ] as const
          ).map(
            ([label, value]) =>
              html`<div><dt>${label}</dt><dd>${value === null ? '—' : formatNumber(value)}</dd></div>`,
          )}
        </dl>
        ${levels.length ? html`<div><h3>Records per level</h3><svc-bar-chart .bars=${bars(levels, 0)} unit="records"></svc-bar-chart></div>` : nothing}
      </div>
    </section>`
  }

  private renderTop(top: TopValue[], other: number) {
    // Free text (names, e-mails, messages) rarely repeats: twenty bars of "1" say nothing.
    if (other > 0 && top.every((t) => t.count === 1)) {
      return html`<p class="distinct">No value repeats among the ${formatCount(top.length + other)} seen, so there is no distribution to draw.</p>`
    }
    return html`<div><h3>Top values</h3><svc-bar-chart .bars=${bars(top, other)}></svc-bar-chart></div>`
  }

  private renderSplit(yes: number, no: number) {
    const sum = yes + no
    const share = sum === 0 ? 0 : (yes / sum) * 100
    return html`<div class="split">
      <svg viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="true ${yes}, false ${no}">
        ${svg`<rect class="false" x="0" y="0" width="100" height="10"></rect><rect class="true" x="0" y="0" width=${share} height="10"></rect>`}
      </svg>
      <div class="legend">
        <span>true: <strong>${formatCount(yes)}</strong>${sum ? ` (${formatNumber(share, 1)}%)` : ''}</span>
        <span>false: <strong>${formatCount(no)}</strong>${sum ? ` (${formatNumber(100 - share, 1)}%)` : ''}</span>
      </div>
    </div>`
  }

  override render() {
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`
    const s = this.summary
    if (!s) return html`<p class="muted">Loading…</p>`
    const names = Object.keys(s.fields)
    return html`<svc-live-stopped .message=${this.live.stopped}></svc-live-stopped>
      <div class="stats">
        <div class="panel stat"><div class="value">${formatCount(s.total)}</div><div class="name">records</div></div>
        <div class="panel stat"><div class="value">${formatCount(s.spam)}</div><div class="name">spam (not counted)</div></div>
        <div class="panel stat"><div class="value small-value">${s.firstAt ? formatDateTime(s.firstAt) : '—'}</div><div class="name">first record</div></div>
        <div class="panel stat"><div class="value small-value">${s.lastAt ? formatDateTime(s.lastAt) : '—'}</div><div class="name">latest record</div></div>
      </div>
      ${this.renderDays(s.days)}
      ${
        s.scores && Object.keys(s.scores).length
          ? html`<div class="fields">${Object.entries(s.scores).map(([key, scale]) => this.renderScale(key, scale))}</div>`
          : nothing
      }
      ${
        names.length === 0
          ? html`<div class="panel empty">
            No fields yet. Define them in <a href=${hrefOf({ name: 'app', appId: this.app.id, tab: 'setup' })}>Setup</a> or POST a record.
          </div>`
          : html`<div class="fields">${names.map((name) => this.renderField(name, s.fields[name]))}</div>`
      }`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-summary': SvcSummary
  }
}
