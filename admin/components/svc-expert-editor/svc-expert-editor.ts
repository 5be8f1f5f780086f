import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import type { App } from '../../api.ts'
import { assessmentApi, problemsOf, type Expert, type Scale } from '../../assessment-api.ts'
import { may, viewerNotice } from '../../roles.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { showBound } from '../svc-scales-editor/scale-preview.ts'
import { expertEditorStyles } from './svc-expert-editor.styles.ts'

type CellState = { kind: 'saved' | 'error'; message: string }

const cellKey = (scale: string, level: string) => `${scale}/${level}`

/**
 * @summary The expert shown on reports: profile (name, title, bio, avatar URL) and a grid
 * of commentary per scale level; a comment is saved when its box loses focus, and
 * clearing the box removes it. A viewer reads the profile (its controls disabled) and the
 * commentary as text.
 * @event svc-app-changed - After a saved change.
 */
@customElement('svc-expert-editor')
export class SvcExpertEditor extends LitElement {
  static override styles = [baseStyles, expertEditorStyles]

  @property({ attribute: false }) app!: App

  @state() private expert: Expert | null = null
  @state() private scales: Scale[] = []
  @state() private profileErrors: Record<string, string> = {}
  @state() private profileState = ''
  @state() private cells: Record<string, CellState> = {}
  @state() private error = ''

  /** True when the caller's role changes the expert and the commentary (editor and up). */
  private get edits() {
    return may(this.app.role, 'apps:write')
  }

  /** A control's example text, for someone who may type into it. */
  private example(text: string) {
    return this.edits ? text : nothing
  }

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  private async load() {
    try {
      const [expert, scales] = await Promise.all([assessmentApi.expert(this.app.id), assessmentApi.scales(this.app.id)])
      this.expert = expert
      this.scales = scales
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private changed() {
    this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
  }

  private async saveProfile(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const avatarUrl = text('avatarUrl')
    try {
      this.expert = await assessmentApi.setExpert(this.app.id, {
        name: text('name'),
        title: text('title'),
        bio: text('bio'),
        avatarUrl: avatarUrl || null,
      })
      this.profileErrors = {}
      this.profileState = 'Profile saved.'
      this.changed()
    } catch (error) {
      const problems = problemsOf(error)
      this.profileErrors = problems.length
        ? Object.fromEntries(problems.map((p) => [p.path, p.message]))
        : { '': (error as Error).message }
      this.profileState = ''
    }
  }

  private async saveComment(scale: Scale, level: string, value: string) {
    const key = cellKey(scale.key, level)
    const text = value.trim()
    const existing = this.expert?.comments.find((c) => c.scale === scale.key && c.level === level)
    if ((existing?.text ?? '') === text) return
    try {
      if (text) await assessmentApi.setComment(this.app.id, scale.key, level, text)
      else await assessmentApi.deleteComment(this.app.id, scale.key, level)
      this.expert = await assessmentApi.expert(this.app.id)
      this.cells = { ...this.cells, [key]: { kind: 'saved', message: text ? 'Saved' : 'Removed' } }
      this.changed()
    } catch (error) {
      const problems = problemsOf(error)
      this.cells = {
        ...this.cells,
        [key]: { kind: 'error', message: problems[0]?.message ?? (error as Error).message },
      }
    }
  }

  private fieldError(path: string) {
    return this.profileErrors[path]
      ? html`<span class="field-error" role="alert">${this.profileErrors[path]}</span>`
      : nothing
  }

  private renderProfile(expert: Expert) {
    return html`<section class="panel" aria-labelledby="expert-title">
      <header><h2 id="expert-title">Expert profile</h2><span class="muted small">Shown on reports next to the commentary</span></header>
      <form class="profile body" @submit=${this.saveProfile}>
        <fieldset class="controls" ?disabled=${!this.edits}>
          <label>Name <input name="name" dir="auto" .value=${expert.name} placeholder=${this.example("Your name, or your team's")} />${this.fieldError('name')}</label>
          <label>Title <input name="title" dir="auto" .value=${expert.title} placeholder=${this.example('Your role, e.g. Coach or Support team')} />${this.fieldError('title')}</label>
          <label class="wide">Bio <textarea name="bio" dir="auto" .value=${expert.bio}></textarea>${this.fieldError('bio')}</label>
          <label class="wide"
            ><span>Avatar URL <span class="hint">an https image address, optional</span></span>
            <input name="avatarUrl" type="url" .value=${expert.avatarUrl ?? ''} placeholder=${this.example('https://example.com/photo.jpg')} />${this.fieldError('avatarUrl')}
          </label>
        </fieldset>
        ${
          this.edits
            ? html`<div class="wide actions">
              <button class="primary" type="submit">Save profile</button>
              ${this.profileState ? html`<span class="saved" role="status">${this.profileState}</span>` : nothing}
              ${this.fieldError('')}
            </div>`
            : nothing
        }
      </form>
    </section>`
  }

  private renderComments(expert: Expert) {
    const scales = this.scales.filter((s) => s.levels.length > 0)
    return html`<section class="panel" aria-labelledby="comments-title">
      <header><h2 id="comments-title">Commentary per level</h2><span class="muted small">Advice respondents at each level read${this.edits ? '; saved when you leave a box' : ''}</span></header>
      ${
        scales.length === 0
          ? html`<p class="empty">No scale has levels yet.${this.edits ? ' Add scales with levels on the Scales tab, then write advice for each level here.' : ''}</p>`
          : scales.map(
              (scale) => html`<table class="grid" data-scale=${scale.key}>
              <thead><tr><th scope="colgroup" colspan="2">${scale.name} <code>${scale.key}</code></th></tr></thead>
              <tbody>
                ${scale.levels.map((level) => {
                  const comment = expert.comments.find((c) => c.scale === scale.key && c.level === level.key)
                  return html`<tr>
                    <th scope="row">
                      <div class="level-name" dir="auto">${level.label}</div>
                      <div class="level-range">${level.key} · ${showBound(level.min, '−∞')} – ${showBound(level.max, '∞')}</div>
                    </th>
                    <td>${this.edits ? this.renderComment(scale, level.key, level.label, comment?.text ?? '') : html`<div class="comment" dir="auto">${comment?.text || html`<span class="muted">No commentary</span>`}</div>`}</td>
                  </tr>`
                })}
              </tbody>
            </table>`,
            )
      }
    </section>`
  }

  /** One level's commentary box, with what became of its last save under it. */
  private renderComment(scale: Scale, level: string, label: string, text: string): TemplateResult {
    const cell = this.cells[cellKey(scale.key, level)]
    return html`<textarea
        dir="auto"
        aria-label="Commentary for ${scale.name}: ${label}"
        placeholder="What would you tell someone at this level?"
        .value=${text}
        @change=${(e: Event) => this.saveComment(scale, level, (e.target as HTMLTextAreaElement).value)}
      ></textarea>
      ${
        cell
          ? html`<div class="cell-state ${cell.kind === 'saved' ? 'saved' : 'field-error'}" role=${cell.kind === 'error' ? 'alert' : 'status'}>${cell.message}</div>`
          : nothing
      }`
  }

  override render() {
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`
    if (!this.expert) return html`<p class="muted">Loading…</p>`
    return html`${this.edits ? nothing : viewerNotice('you see the expert and the commentary reports show, but do not change them')}
      ${this.renderProfile(this.expert)} ${this.renderComments(this.expert)}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-expert-editor': SvcExpertEditor
  }
}
