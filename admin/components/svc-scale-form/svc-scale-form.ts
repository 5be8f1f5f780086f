import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { fieldTypeLabel } from '../../../server/contract/fields/types/index.ts'
import { ASSESSMENT } from '../../../server/contract/limits.ts'
import { scoringOf, type Level, type ScaleMethod, type StoredItem } from '../../../server/contract/scales/model.ts'
import type { Field } from '../../api.ts'
import { assessmentApi, problemsOf, type Scale } from '../../assessment-api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { stackedTableStyles } from '../../styles/stacked-table.styles.ts'
import '../svc-range-bar/svc-range-bar.ts'
import { coverageProblems, draftRange, showBound } from '../svc-scales-editor/scale-preview.ts'
import { scaleFormStyles } from './svc-scale-form.styles.ts'

type Problem = { path: string; message: string }

/** A number input's value; empty (or not a number) is null. */
const numberOf = (event: Event): number | null => {
  const value = (event.target as HTMLInputElement).valueAsNumber
  return Number.isFinite(value) ? value : null
}

/** Default option scores: 1, 2, 3… in option order (a Likert scale). */
const defaultScores = (field: Field): Record<string, number> =>
  Object.fromEntries((field.options ?? []).map((option, i) => [option, i + 1]))

/**
 * @summary Adds or edits one scale: key, name, method, items (a field each, option scores
 * or a clamp, reverse, weight) and levels, with a live bar of the possible range and how
 * the levels tile it. Saves the whole scale at once; the server's problems show in place.
 * Read-only (for a viewer) it shows the same with its controls disabled, and only Close.
 * @event svc-scale-saved - After a save; `detail` is the saved Scale.
 * @event svc-scale-cancel - The person closed the form without saving (or, read-only, closed it).
 */
@customElement('svc-scale-form')
export class SvcScaleForm extends LitElement {
  static override styles = [baseStyles, stackedTableStyles, scaleFormStyles]

  @property() appId = ''
  @property({ attribute: false }) fields: Field[] = []
  /** The scale to edit; null adds a new one. */
  @property({ attribute: false }) scale: Scale | null = null
  /** Shows the scale without controls that change it: the caller's role may not. */
  @property({ type: Boolean, attribute: 'read-only' }) readOnly = false

  @state() private key = ''
  @state() private name = ''
  @state() private description = ''
  @state() private method: ScaleMethod = 'sum'
  @state() private items: StoredItem[] = []
  @state() private levels: Level[] = []
  @state() private problems: Problem[] = []
  @state() private error = ''
  @state() private busy = false

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('scale')) {
      const s = this.scale
      this.key = s?.key ?? ''
      this.name = s?.name ?? ''
      this.description = s?.description ?? ''
      this.method = s?.method ?? 'sum'
      this.items = (s?.items ?? []).map(({ fieldId, weight, reverse, scores, min, max }) => ({
        fieldId,
        weight,
        reverse,
        scores,
        min,
        max,
      }))
      this.levels = (s?.levels ?? []).map((l) => ({ ...l }))
      this.problems = []
      this.error = ''
    }
  }

  private get scorable(): Field[] {
    return this.fields.filter((f) => scoringOf(f.type) !== null)
  }

  private itemFor(field: Field): StoredItem {
    // A field scored by its value (a number) has bounds; one scored per option has a score per option.
    const byValue = scoringOf(field.type)?.by === 'value'
    return {
      fieldId: field.id,
      weight: 1,
      reverse: false,
      scores: byValue ? null : defaultScores(field),
      min: null,
      max: null,
    }
  }

  private setItem(index: number, patch: Partial<StoredItem>) {
    this.items = this.items.map((item, i) => (i === index ? { ...item, ...patch } : item))
  }

  private changeItemField(index: number, fieldId: string) {
    const field = this.fields.find((f) => f.id === fieldId)
    if (field)
      this.items = this.items.map((item, i) =>
        i === index ? { ...this.itemFor(field), weight: item.weight, reverse: item.reverse } : item,
      )
  }

  private addItem() {
    const used = new Set(this.items.map((i) => i.fieldId))
    const field = this.scorable.find((f) => !used.has(f.id)) ?? this.scorable[0]
    if (field) this.items = [...this.items, this.itemFor(field)]
  }

  private setLevel(index: number, patch: Partial<Level>) {
    this.levels = this.levels.map((level, i) => (i === index ? { ...level, ...patch } : level))
  }

  private addLevel() {
    const last = this.levels.at(-1)
    const from = last?.max ?? draftRange(this.method, this.items, this.fields)?.min ?? 0
    const n = this.levels.length + 1
    this.levels = [
      ...this.levels,
      {
        key: `level-${n}`,
        label: `Level ${n}`,
        min: Number.isFinite(from) ? from : null,
        max: null,
        interpretation: '',
      },
    ]
  }

  private async save(event: SubmitEvent) {
    event.preventDefault()
    const items = this.items.map((item) => ({
      field: item.fieldId,
      weight: item.weight,
      reverse: item.reverse,
      ...(item.scores ? { scores: item.scores } : {}),
      ...(item.min !== null ? { min: item.min } : {}),
      ...(item.max !== null ? { max: item.max } : {}),
    }))
    const levels = this.levels.map((l) => ({
      key: l.key.trim(),
      label: l.label.trim(),
      min: l.min,
      max: l.max,
      interpretation: l.interpretation,
    }))
    const input = {
      key: this.key.trim(),
      name: this.name.trim(),
      description: this.description,
      method: this.method,
      items,
      // An empty level list is "not yet": the server would refuse it as a gap over the whole range.
      ...(levels.length ? { levels } : {}),
    }
    this.busy = true
    try {
      const saved = this.scale
        ? await assessmentApi.updateScale(this.appId, this.scale.id, input)
        : await assessmentApi.createScale(this.appId, input)
      this.problems = []
      this.error = ''
      this.dispatchEvent(new CustomEvent<Scale>('svc-scale-saved', { detail: saved, bubbles: true, composed: true }))
    } catch (error) {
      this.problems = problemsOf(error)
      this.error = (error as Error).message
    } finally {
      this.busy = false
    }
  }

  private clearError() {
    if (!this.error) return
    this.error = ''
    this.problems = []
  }

  private problemsAt(prefix: string) {
    const list = this.problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`))
    return list.length
      ? html`<div class="row-error" role="alert">${list.map((p) => html`<div>${p.message}</div>`)}</div>`
      : nothing
  }

  /** The head of a table's remove column; none when read-only. */
  private removeHead() {
    return this.readOnly ? nothing : html`<th><span class="visually-hidden">Remove</span></th>`
  }

  /** A row's remove button, labelled `label`; none when read-only. */
  private removeCell(label: string, remove: () => void) {
    return this.readOnly
      ? nothing
      : html`<td class="remove"><button type="button" class="icon ghost remove" aria-label=${label} @click=${remove}>×<span class="stacked-only">Remove</span></button></td>`
  }

  private renderItemValue(item: StoredItem, index: number, field: Field | undefined) {
    if (!field) return html`<span class="muted small">field removed</span>`
    if (scoringOf(field.type)?.by === 'value') {
      return html`<div class="row">
        <label class="inline">min <input type="number" step="any" aria-label="Lowest value counted for ${field.name}" .value=${item.min === null ? '' : String(item.min)} @input=${(e: Event) => this.setItem(index, { min: numberOf(e) })} /></label>
        <label class="inline">max <input type="number" step="any" aria-label="Highest value counted for ${field.name}" .value=${item.max === null ? '' : String(item.max)} @input=${(e: Event) => this.setItem(index, { max: numberOf(e) })} /></label>
      </div>`
    }
    const scores = item.scores ?? {}
    return html`<div class="scores">
      ${(field.options ?? []).map(
        (option) => html`<span dir="auto">${option}</span>
          <input
            type="number"
            step="any"
            aria-label="Score of “${option}” in ${field.name}"
            .value=${scores[option] === undefined ? '' : String(scores[option])}
            @input=${(e: Event) => {
              const value = numberOf(e)
              const next = { ...scores }
              if (value === null) delete next[option]
              else next[option] = value
              this.setItem(index, { scores: next })
            }}
          />`,
      )}
    </div>`
  }

  private renderItems() {
    const scorable = this.scorable
    return html`<div class="part stacking">
      ${
        this.items.length === 0
          ? html`<p class="none muted small">
            ${this.readOnly ? 'No items yet.' : scorable.length ? 'No items yet. Each item scores one choice, multichoice or number field.' : 'This app has no choice, multichoice or number fields to score. Add them on the Setup tab first.'}
          </p>`
          : html`<table class="stacks">
            <thead><tr><th>Field</th><th>Scores</th><th class="check">Reverse</th><th>Weight</th>${this.removeHead()}</tr></thead>
            <tbody>
              ${this.items.map((item, index) => {
                const field = this.fields.find((f) => f.id === item.fieldId)
                return html`<tr data-item=${index}>
                  <td data-label="Field">
                    <select aria-label="Field of item ${index + 1}" @change=${(e: Event) => this.changeItemField(index, (e.target as HTMLSelectElement).value)}>
                      ${scorable.map((f) => html`<option value=${f.id} ?selected=${f.id === item.fieldId}>${f.name} (${fieldTypeLabel(f.type)})</option>`)}
                    </select>
                    ${this.problemsAt(`items.${index}`)}
                  </td>
                  <td data-label="Scores">${this.renderItemValue(item, index, field)}</td>
                  <td class="check" data-label="Reverse"><input type="checkbox" aria-label="Reverse-score item ${index + 1}" .checked=${item.reverse} @change=${(e: Event) => this.setItem(index, { reverse: (e.target as HTMLInputElement).checked })} /></td>
                  <td class="num" data-label="Weight"><input type="number" step="any" min="0" aria-label="Weight of item ${index + 1}" .value=${String(item.weight)} @input=${(e: Event) => this.setItem(index, { weight: numberOf(e) ?? Number.NaN })} /></td>
                  ${this.removeCell(`Remove item ${index + 1}`, () => (this.items = this.items.filter((_, i) => i !== index)))}
                </tr>`
              })}
            </tbody>
          </table>`
      }
      ${
        this.readOnly
          ? nothing
          : html`<footer>
            <button type="button" class="small" ?disabled=${scorable.length === 0 || this.items.length >= ASSESSMENT.maxItemsPerScale} @click=${this.addItem}>Add item</button>
            ${this.problemsAt('items')}
          </footer>`
      }
    </div>`
  }

  private renderLevels() {
    return html`<div class="part stacking">
      ${
        this.levels.length === 0
          ? html`<p class="none muted small">No levels yet. Levels name score ranges (low, medium, high) and must cover every possible score.</p>`
          : html`<table class="stacks">
            <thead><tr><th>Key</th><th>Label</th><th>From (≥)</th><th>To (&lt;)</th><th>Interpretation</th>${this.removeHead()}</tr></thead>
            <tbody>
              ${this.levels.map(
                (level, index) => html`<tr data-level=${index}>
                  <td data-label="Key"><input aria-label="Key of level ${index + 1}" .value=${level.key} @input=${(e: Event) => this.setLevel(index, { key: (e.target as HTMLInputElement).value })} />${this.problemsAt(`levels.${index}`)}</td>
                  <td data-label="Label"><input aria-label="Label of level ${index + 1}" dir="auto" .value=${level.label} @input=${(e: Event) => this.setLevel(index, { label: (e.target as HTMLInputElement).value })} /></td>
                  <td class="num" data-label="From (≥)"><input type="number" step="any" placeholder="−∞" aria-label="Lowest score of level ${index + 1}" .value=${level.min === null ? '' : String(level.min)} @input=${(e: Event) => this.setLevel(index, { min: numberOf(e) })} /></td>
                  <td class="num" data-label="To (<)"><input type="number" step="any" placeholder="∞" aria-label="Score where level ${index + 1} ends" .value=${level.max === null ? '' : String(level.max)} @input=${(e: Event) => this.setLevel(index, { max: numberOf(e) })} /></td>
                  <td data-label="Interpretation"><textarea rows="1" dir="auto" aria-label="Interpretation of level ${index + 1}" .value=${level.interpretation} @input=${(e: Event) => this.setLevel(index, { interpretation: (e.target as HTMLTextAreaElement).value })}></textarea></td>
                  ${this.removeCell(`Remove level ${index + 1}`, () => (this.levels = this.levels.filter((_, i) => i !== index)))}
                </tr>`,
              )}
            </tbody>
          </table>`
      }
      <footer>
        ${this.readOnly ? nothing : html`<button type="button" class="small" ?disabled=${this.levels.length >= ASSESSMENT.maxLevelsPerScale} @click=${this.addLevel}>Add level</button>`}
        <span class="muted small">A level holds scores from its “from” up to (not including) its “to”; the top level includes its “to”. Leave an end empty for no bound.</span>
      </footer>
    </div>`
  }

  private renderPreview() {
    const range = draftRange(this.method, this.items, this.fields)
    const problems = this.items.length ? coverageProblems(this.levels, range) : []
    const complete = this.items.length > 0 && this.levels.length > 0 && problems.length === 0
    return html`<div class="preview" aria-live="polite">
      <div class="row">
        <h3>Preview</h3>
        <span class="spacer"></span>
        ${complete ? html`<span class="badge on">Levels cover every score</span>` : html`<span class="badge warn">Incomplete</span>`}
      </div>
      <svc-range-bar .range=${range} .levels=${this.levels}></svc-range-bar>
      ${range ? html`<p class="muted small">Method ${this.method}: scores run from ${showBound(range.min, '−∞')} to ${showBound(range.max, '∞')} when every item is answered.</p>` : nothing}
      ${problems.length ? html`<ul class="coverage">${problems.map((p) => html`<li>${p.message}</li>`)}</ul>` : nothing}
    </div>`
  }

  override render() {
    const others = this.problems.filter((p) => !/^(items|levels)\.\d/.test(p.path) && p.path !== 'items')
    // Once the draft changes, the last refusal no longer describes it; the live preview does.
    const label = this.scale ? `${this.readOnly ? 'Scale' : 'Edit scale'} ${this.scale.name}` : 'New scale'
    return html`<form @submit=${this.save} @input=${this.clearError} @change=${this.clearError} aria-label=${label}>
      <fieldset class="controls" ?disabled=${this.readOnly}>
        <div class="basics">
          <label>Key <input name="key" required .value=${this.key} placeholder="e.g. energy" @input=${(e: Event) => (this.key = (e.target as HTMLInputElement).value)} /></label>
          <label>Name <input name="name" required dir="auto" .value=${this.name} placeholder="e.g. Energy" @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)} /></label>
          <label
            >Method
            <select name="method" @change=${(e: Event) => (this.method = (e.target as HTMLSelectElement).value as ScaleMethod)}>
              <option value="sum" ?selected=${this.method === 'sum'}>sum</option>
              <option value="mean" ?selected=${this.method === 'mean'}>mean</option>
            </select>
          </label>
          <label class="wide"
            ><span>Description <span class="hint">optional</span></span>
            <textarea name="description" rows="1" dir="auto" .value=${this.description} @input=${(e: Event) => (this.description = (e.target as HTMLTextAreaElement).value)}></textarea>
          </label>
        </div>
        <section><h3>Items <span class="hint">fields that count towards this scale</span></h3>${this.renderItems()}</section>
        <section><h3>Levels <span class="hint">score ranges and what they mean</span></h3>${this.renderLevels()}</section>
      </fieldset>
      ${this.renderPreview()}
      ${
        this.error
          ? html`<div class="error" role="alert">
            ${this.problems.length === 0 ? this.error : others.length ? 'Not saved:' : 'Not saved: see the problems marked in the items and levels above.'}
            ${others.length ? html`<ul class="problems">${others.map((p) => html`<li>${p.message}</li>`)}</ul>` : nothing}
          </div>`
          : nothing
      }
      <div class="actions">
        ${this.readOnly ? nothing : html`<button class="primary" type="submit" ?disabled=${this.busy}>${this.scale ? 'Save scale' : 'Add scale'}</button>`}
        <button type="button" @click=${() => this.dispatchEvent(new Event('svc-scale-cancel', { bubbles: true, composed: true }))}>${this.readOnly ? 'Close' : 'Cancel'}</button>
      </div>
    </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-scale-form': SvcScaleForm
  }
  interface HTMLElementEventMap {
    'svc-scale-saved': CustomEvent<Scale>
    'svc-scale-cancel': Event
  }
}
