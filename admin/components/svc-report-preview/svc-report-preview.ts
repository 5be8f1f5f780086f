import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import type { ScaleScore } from '../../../server/contract/scoring/score.ts'
import type { Field } from '../../api.ts'
import { assessmentApi, problemsOf, type Scale } from '../../assessment-api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { sampleAnswers } from '../svc-report-editor/sample-answers.ts'
import { reportPreviewStyles } from './svc-report-preview.styles.ts'

/**
 * @summary Placeholders help and a preview of the report for sample answers. The text
 * preview shows here; the HTML preview is offered as a download, because the admin page's
 * CSP (no inline styles) would also apply to an `srcdoc` frame and strip the report's look.
 */
@customElement('svc-report-preview')
export class SvcReportPreview extends LitElement {
  static override styles = [baseStyles, reportPreviewStyles]

  @property() appId = ''
  @property({ attribute: false }) fields: Field[] = []
  @property({ attribute: false }) scales: Scale[] = []

  @state() private answers = ''
  @state() private text: string | null = null
  @state() private scores: Record<string, ScaleScore> = {}
  @state() private htmlUrl = ''
  @state() private error = ''
  @state() private busy = false
  private edited = false

  protected override willUpdate(changed: PropertyValues<this>) {
    // Sample answers follow the fields until the person types their own.
    if (changed.has('fields') && !this.edited) this.answers = JSON.stringify(sampleAnswers(this.fields), null, 2)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    if (this.htmlUrl) URL.revokeObjectURL(this.htmlUrl)
  }

  private async preview() {
    let answers: Record<string, unknown>
    try {
      answers = JSON.parse(this.answers)
    } catch (error) {
      this.error = `The answers are not valid JSON: ${(error as Error).message}`
      return
    }
    this.busy = true
    try {
      const [text, page] = await Promise.all([
        assessmentApi.previewReport(this.appId, answers, 'text'),
        assessmentApi.previewReport(this.appId, answers, 'html'),
      ])
      this.text = text.content
      this.scores = text.scores
      if (this.htmlUrl) URL.revokeObjectURL(this.htmlUrl)
      this.htmlUrl = URL.createObjectURL(new Blob([page.content], { type: 'text/html' }))
      this.error = ''
    } catch (error) {
      const problems = problemsOf(error)
      this.error = problems.length
        ? problems.map((p) => `${p.path}: ${p.message}`).join('; ')
        : (error as Error).message
    } finally {
      this.busy = false
    }
  }

  private renderPlaceholders() {
    const fields = this.fields.slice(0, 6)
    return html`<section class="panel placeholders" aria-labelledby="placeholders-title">
      <header><h2 id="placeholders-title">Placeholders</h2></header>
      <div class="body stack">
        <p class="muted small">Intro and closing texts can use these; values are inserted as plain text. Blank lines start a new paragraph.</p>
        <dl>
          ${
            fields.length
              ? fields.map(
                  (f) => html`<dt><code>{{${f.name}}}</code></dt><dd>the answer to “${f.label || f.name}”</dd>`,
                )
              : html`<dt><code>{{name}}</code></dt><dd>the answer to the field “name”</dd>`
          }
          ${
            this.scales.length
              ? this.scales.map(
                  (s) => html`<dt><code>{{score.${s.key}}}</code></dt><dd>the ${s.name} score</dd>
                  <dt><code>{{level.${s.key}}}</code></dt><dd>its level’s label</dd>`,
                )
              : html`<dt><code>{{score.&lt;key&gt;}}</code></dt><dd>a scale’s score (add scales first)</dd>
                <dt><code>{{level.&lt;key&gt;}}</code></dt><dd>the label of its level</dd>`
          }
        </dl>
      </div>
    </section>`
  }

  override render() {
    return html`${this.renderPlaceholders()}
      <section class="panel" aria-labelledby="preview-title">
        <header><h2 id="preview-title">Preview</h2></header>
        <div class="body stack">
          <label
            >Sample answers <span class="hint">JSON, as a record holds them</span>
            <textarea class="answers" spellcheck="false" .value=${this.answers} @input=${(e: Event) => {
              this.answers = (e.target as HTMLTextAreaElement).value
              this.edited = true
            }}></textarea>
          </label>
          <div class="row">
            <button class="primary" ?disabled=${this.busy} @click=${this.preview}>Preview report</button>
            ${this.htmlUrl ? html`<a class="button" href=${this.htmlUrl} download="report-preview.html">Download HTML preview</a>` : nothing}
          </div>
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
          ${
            Object.keys(this.scores).length
              ? html`<div class="scores" aria-label="Scores">
                ${Object.entries(this.scores).map(([key, s]) => html`<span class="badge">${key}: ${s.score ?? '—'}${s.levelLabel ? ` · ${s.levelLabel}` : ''}</span>`)}
              </div>`
              : nothing
          }
          ${this.text !== null ? html`<pre class="report" dir="auto" tabindex="0" aria-label="Report as text">${this.text || '(The report is empty: add a page with sections.)'}</pre>` : nothing}
        </div>
      </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-report-preview': SvcReportPreview
  }
}
