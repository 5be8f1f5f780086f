import { LitElement, html, nothing } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import { fieldTypeLabel } from '../../../server/contract/fields/types/index.ts'
import type { Plan } from '../../assessment-api.ts'
import { paint } from '../../paint.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { showBound } from '../svc-scales-editor/scale-preview.ts'
import { planReviewStyles } from './svc-plan-review.styles.ts'

/**
 * @summary A generated plan laid out for review before it is executed: the app, its
 * questions, scales with levels, report pages, style, and the defaults the planner chose.
 */
@customElement('svc-plan-review')
export class SvcPlanReview extends LitElement {
  static override styles = [baseStyles, planReviewStyles]

  @property({ attribute: false }) plan!: Plan

  private renderFields(plan: Plan) {
    // A plain form (nothing scored) has fields to fill in; an assessment asks questions.
    const noun = plan.scale.scales.length > 0 ? 'Questions' : 'Fields'
    return html`<section class="fields" aria-label=${noun}>
      <h3>${noun} (${plan.form.fields.length})</h3>
      <!-- A box that scrolls: focusable, so keyboard users can scroll it too. -->
      <div class="fields-wrap" tabindex="0" role="region" aria-label="${noun} of the plan">
        <table>
          <thead><tr><th>Name</th><th>Type</th><th>Label</th><th>Options</th></tr></thead>
          <tbody>
            ${plan.form.fields.map(
              (f) => html`<tr>
                <td><code>${f.name}</code></td>
                <td>${fieldTypeLabel(f.type)}${f.required ? ' *' : ''}</td>
                <td dir="auto">${f.label}</td>
                <td class="options" dir="auto">${f.options?.join(' · ') ?? '—'}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>`
  }

  private renderScales(plan: Plan) {
    const scales = plan.scale.scales
    return html`<section class="scales" aria-label="Scales">
      <h3>Scales (${scales.length})</h3>
      <div class="inner">
        ${
          scales.length === 0
            ? html`<p class="muted">No scales: the answers are collected without scoring.</p>`
            : html`<ul>
              ${scales.map(
                (s) => html`<li>
                  <strong dir="auto">${s.name}</strong> <code>${s.key}</code> · ${s.method ?? 'sum'} of ${s.items?.length ?? 0} items
                  <ul>
                    ${(s.levels ?? []).map((l) => html`<li dir="auto">${l.label} <span class="muted">${showBound(l.min, '−∞')} – ${showBound(l.max, '∞')}</span></li>`)}
                  </ul>
                </li>`,
              )}
            </ul>`
        }
      </div>
    </section>`
  }

  private renderReport(plan: Plan) {
    return html`<section class="report" aria-label="Report">
      <h3>Report pages (${plan.report.pages.length})</h3>
      <div class="inner">
        ${
          plan.report.pages.length === 0
            ? html`<p class="muted">No report pages.</p>`
            : html`<ul>${plan.report.pages.map((p) => html`<li><strong dir="auto">${p.title}</strong> <span class="muted">${p.sections.map((s) => s.type).join(', ')}</span></li>`)}</ul>`
        }
      </div>
    </section>`
  }

  private renderStyle(plan: Plan) {
    const theme = plan.connect.theme
    const colors = [theme.primaryColor, theme.backgroundColor, theme.textColor].filter(
      (c): c is string => typeof c === 'string',
    )
    const expert = plan.expert.profile
    return html`<section class="style" aria-label="Style and expert">
      <h3>Style and expert</h3>
      <div class="inner stack">
        <div class="swatches">
          ${colors.map((c) => html`<span class="swatch" title=${c} ${paint({ background: c })}></span>`)}
          <span class="muted">${theme.fontFamily ?? 'system'} font · ${theme.layout === 'one-per-screen' ? 'one question per screen' : 'all questions on one page'}</span>
        </div>
        <p dir="auto">${expert.name ? html`Expert: <strong>${expert.name}</strong>${expert.title ? `, ${expert.title}` : ''}` : html`<span class="muted">No expert profile</span>`} · ${plan.expert.commentary.length} comments</p>
        <p class="muted">${plan.share.publish ? 'Published when created' : 'Not published until you publish it'}</p>
      </div>
    </section>`
  }

  override render() {
    const plan = this.plan
    return html`<div class="head">
        <h3 dir="auto">${plan.app.name}</h3>
        ${plan.app.description ? html`<p class="muted" dir="auto">${plan.app.description}</p>` : nothing}
      </div>
      ${
        plan.notes.length
          ? html`<section class="notes" aria-label="Planner notes">
            <h3>Notes from the planner</h3>
            <div class="inner"><ul>${plan.notes.map((n) => html`<li dir="auto">${n}</li>`)}</ul></div>
          </section>`
          : nothing
      }
      <div class="grid">${this.renderFields(plan)}
        <div class="stack">${this.renderScales(plan)} ${this.renderReport(plan)} ${this.renderStyle(plan)}</div>
      </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-plan-review': SvcPlanReview
  }
}
