import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { pageColors } from '../../../server/contract/connect/contrast.ts'
import { FONT_FAMILIES, FONT_STACKS, type FontFamily } from '../../../server/contract/connect/fonts.ts'
import { ASSESSMENT } from '../../../server/contract/limits.ts'
import { api, type App, type AppUrls } from '../../api.ts'
import { assessmentApi, problemsOf, type SetThemeInput, type Theme } from '../../assessment-api.ts'
import { paint } from '../../paint.ts'
import { may, viewerNotice } from '../../roles.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import { connectEditorStyles } from './svc-connect-editor.styles.ts'

type ColorKey = 'primaryColor' | 'backgroundColor' | 'textColor'

const COLORS: Array<[ColorKey, string]> = [
  ['primaryColor', 'Primary colour'],
  ['backgroundColor', 'Background'],
  ['textColor', 'Text colour'],
]

/** A colour input only takes #rrggbb; other CSS colours keep the text box as the truth. */
const HEX6 = /^#[0-9a-f]{6}$/i
const asHex = (value: string): string =>
  HEX6.test(value)
    ? value
    : /^#[0-9a-f]{3}$/i.test(value)
      ? `#${[...value.slice(1)].map((c) => c + c).join('')}`
      : '#000000'

/**
 * @summary The style of the app's fill-in and report pages: colours, font stack, logo,
 * layout, button text and custom CSS (the server's sanitiser problems shown under the
 * box), with a live sample in the colours the pages will really use (a colour too faint to
 * read is corrected, and the editor says so), reset, and a link to the real fill-in page.
 * A viewer sees the style with its controls disabled and no Save or Reset.
 * @event svc-app-changed - After the theme is saved or reset.
 */
/** How many of the form's questions the style sketch shows. */
const PREVIEW_QUESTIONS = 3

@customElement('svc-connect-editor')
export class SvcConnectEditor extends LitElement {
  static override styles = [baseStyles, connectEditorStyles]

  @property({ attribute: false }) app!: App

  /** The unsaved draft; starts as the stored theme. */
  @state() private draft: Theme | null = null
  @state() private urls: AppUrls | null = null
  @state() private errors: Record<string, string> = {}
  @state() private saved = ''
  @state() private previewUrl = ''
  /** The labels of the form's first questions, for the sketch. */
  @state() private questions: string[] = []
  @query('svc-confirm') private confirm!: SvcConfirm

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl)
  }

  private async load() {
    try {
      const [theme, urls, fields] = await Promise.all([
        assessmentApi.theme(this.app.id),
        api.urls(this.app.id),
        api.fields(this.app.id),
      ])
      this.draft = theme
      this.urls = urls
      // The preview sketches the form's own first questions (proposed fields are on no form).
      this.questions = fields.fields
        .filter((field) => !field.proposed)
        .slice(0, PREVIEW_QUESTIONS)
        .map((field) => field.label.trim() || field.name)
    } catch (error) {
      this.errors = { '': (error as Error).message }
    }
  }

  /** True when the caller's role changes the style (editor and up). */
  private get edits() {
    return may(this.app.role, 'apps:write')
  }

  private set<K extends keyof Theme>(key: K, value: Theme[K]) {
    if (this.draft) this.draft = { ...this.draft, [key]: value }
    this.saved = ''
  }

  private input(): SetThemeInput {
    const { logoUrl, ...rest } = this.draft!
    return { ...rest, logoUrl: logoUrl?.trim() ? logoUrl.trim() : null }
  }

  private failed(error: unknown) {
    const problems = problemsOf(error)
    if (problems.length === 0) {
      this.errors = { '': (error as Error).message }
      return
    }
    // One control can have several problems (custom CSS often does): show them all.
    const errors: Record<string, string> = {}
    for (const p of problems) {
      const key = p.path.split('.')[0]
      errors[key] = errors[key] ? `${errors[key]}; ${p.message}` : p.message
    }
    this.errors = errors
  }

  private async save(event: SubmitEvent) {
    event.preventDefault()
    try {
      this.draft = await assessmentApi.setTheme(this.app.id, this.input())
      this.errors = {}
      this.saved = 'Style saved.'
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.failed(error)
    }
  }

  private async reset() {
    const ok = await this.confirm.ask({
      title: 'Reset style',
      message:
        'Put the colours, font, logo, layout, button text and custom CSS of the fill-in and report pages back to the defaults?',
      confirmLabel: 'Reset style',
      danger: true,
    })
    if (!ok) return
    try {
      this.draft = await assessmentApi.resetTheme(this.app.id)
      this.errors = {}
      this.saved = 'Style reset to the defaults.'
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.failed(error)
    }
  }

  private async preview() {
    try {
      const { html: page } = await assessmentApi.previewTheme(this.app.id, this.input())
      if (this.previewUrl) URL.revokeObjectURL(this.previewUrl)
      this.previewUrl = URL.createObjectURL(new Blob([page], { type: 'text/html' }))
      this.errors = {}
    } catch (error) {
      this.failed(error)
    }
  }

  private error(key: string) {
    return this.errors[key] ? html`<span class="field-error" role="alert">${this.errors[key]}</span>` : nothing
  }

  private renderForm(theme: Theme) {
    return html`<section class="panel" aria-labelledby="style-title">
      <header><h2 id="style-title">Page style</h2><span class="muted small">The fill-in page and the respondent's report</span></header>
      <form class="body" @submit=${this.save}>
        ${this.edits ? nothing : html`<div class="wide">${viewerNotice('you see the style of its pages and may build a preview, but do not change it')}</div>`}
        <fieldset class="controls" ?disabled=${!this.edits}>
          ${COLORS.map(
            ([key, label]) => html`<label
              >${label}
              <span class="color">
                <input type="color" aria-label="${label} picker" .value=${asHex(theme[key])} @input=${(e: Event) => this.set(key, (e.target as HTMLInputElement).value)} />
                <input name=${key} aria-label=${label} .value=${theme[key]} @input=${(e: Event) => this.set(key, (e.target as HTMLInputElement).value.trim())} />
              </span>
              ${this.error(key)}
            </label>`,
          )}
          <label
            >Font
            <select name="fontFamily" @change=${(e: Event) => this.set('fontFamily', (e.target as HTMLSelectElement).value as FontFamily)}>
              ${FONT_FAMILIES.map((f) => html`<option value=${f} ?selected=${f === theme.fontFamily}>${f}</option>`)}
            </select>
            ${this.error('fontFamily')}
          </label>
          <label
            >Button text
            <input name="buttonText" dir="auto" maxlength=${ASSESSMENT.maxButtonTextLength} .value=${theme.buttonText} @input=${(e: Event) => this.set('buttonText', (e.target as HTMLInputElement).value)} />
            ${this.error('buttonText')}
          </label>
          <label
            ><span>Logo URL <span class="hint">optional</span></span>
            <input name="logoUrl" type="url" placeholder=${this.edits ? 'https://example.com/logo.png' : nothing} .value=${theme.logoUrl ?? ''} @input=${(e: Event) => this.set('logoUrl', (e.target as HTMLInputElement).value)} />
            ${this.error('logoUrl')}
          </label>
          <fieldset class="wide">
            <legend>Layout</legend>
            <label class="inline"><input type="radio" name="layout" value="all" .checked=${theme.layout === 'all'} @change=${() => this.set('layout', 'all')} /> All questions on one page</label>
            <label class="inline"
              ><input type="radio" name="layout" value="one-per-screen" .checked=${theme.layout === 'one-per-screen'} @change=${() => this.set('layout', 'one-per-screen')} /> One question per screen</label
            >
            ${this.error('layout')}
        </fieldset>
        <label class="wide"
          ><span>Custom CSS <span class="hint">no @import, no url() to other sites, no expression()</span></span>
          <textarea class="css" name="customCss" spellcheck="false" .value=${theme.customCss} @input=${(e: Event) => this.set('customCss', (e.target as HTMLTextAreaElement).value)}></textarea>
          ${this.error('customCss')}
        </label>
        </fieldset>
        ${
          this.edits
            ? html`<div class="wide actions">
              <button class="primary" type="submit">Save style</button>
              <button type="button" class="danger" @click=${this.reset}>Reset to defaults</button>
              ${this.saved ? html`<span class="saved" role="status">${this.saved}</span>` : nothing} ${this.error('')}
            </div>`
            : html`<div class="wide actions">${this.error('')}</div>`
        }
      </form>
    </section>`
  }

  /** Which draft colours the pages will draw differently, so their text stays readable. */
  private renderCorrections(theme: Theme, used: Record<ColorKey, string>) {
    const changed = COLORS.filter(([key]) => used[key] !== theme[key].trim())
    if (changed.length === 0) return nothing
    return html`<p class="notice">
      Too little contrast to read: the pages use ${changed.map(([key, label], i) => html`${i > 0 ? ', ' : ''}<code>${used[key]}</code> for ${label.toLowerCase()}`)} instead (WCAG 2.2 AA asks
      for 4.5:1).
    </p>`
  }

  private renderPreview(theme: Theme) {
    const fillIn = this.urls?.fillIn
    // A viewer's "draft" is the style as saved: there is nothing else to sketch.
    const what = this.edits ? 'the draft' : 'the style'
    const colors = pageColors(theme)
    const used = { primaryColor: colors.primary, backgroundColor: colors.background, textColor: colors.text }
    const page = {
      background: colors.background,
      color: colors.text,
      'font-family': FONT_STACKS[theme.fontFamily] ?? '',
    }
    return html`<section class="panel" aria-labelledby="style-preview-title">
      <header><h2 id="style-preview-title">Preview</h2></header>
      <div class="body stack">
        <div class="sample" ${paint(page)} aria-hidden="true">
          <strong dir="auto">${this.app.name}</strong>
          ${
            this.questions.length > 0
              ? this.questions.map(
                  (question) => html`<div class="q" dir="auto">${question}<span class="answer"></span></div>`,
                )
              : html`<div class="q">Your first question<span class="answer"></span></div>`
          }
          <span class="fake-button" ${paint({ background: colors.primary, color: colors.onPrimary })} dir="auto">${theme.buttonText}</span>
        </div>
        ${this.renderCorrections(theme, used)}
        <p class="muted small">A sketch of ${what}. The real page also applies the layout and custom CSS.</p>
        <div class="row">
          ${
            fillIn && /^https?:\/\//.test(fillIn)
              ? html`<a class="button" href=${fillIn} target="_blank" rel="noopener noreferrer">Open the fill-in page</a>`
              : may(this.app.role, 'share:write')
                ? html`<span class="muted small">Publish the app on the Setup tab to get its fill-in page.</span>`
                : html`<span class="muted small">The app is not published yet, so it has no fill-in page.</span>`
          }
        </div>
        <div class="row">
          <button type="button" class="small" @click=${this.preview}>Build preview of ${what}</button>
          ${this.previewUrl ? html`<a class="button small" href=${this.previewUrl} download="fill-in-preview.html">Download preview</a>` : nothing}
        </div>
      </div>
    </section>`
  }

  override render() {
    const theme = this.draft
    if (!theme)
      return this.errors['']
        ? html`<p class="error" role="alert">${this.errors['']}</p>`
        : html`<p class="muted">Loading…</p>`
    return html`${this.renderForm(theme)} ${this.renderPreview(theme)}<svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-connect-editor': SvcConnectEditor
  }
}
