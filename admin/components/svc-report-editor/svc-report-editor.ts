import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { repeat } from 'lit/directives/repeat.js'
import type { SectionType } from '../../../server/contract/reports/schemas.ts'
import { api, type App, type Field } from '../../api.ts'
import { assessmentApi, type ReportPage, type Scale, type SectionInput } from '../../assessment-api.ts'
import { may, viewerNotice } from '../../roles.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { stackedTableStyles } from '../../styles/stacked-table.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-report-preview/svc-report-preview.ts'
import { reportEditorStyles } from './svc-report-editor.styles.ts'

type Section = ReportPage['sections'][number]

const SECTION_LABELS: Record<SectionType, string> = {
  intro: 'Intro text',
  score: 'Dimension score',
  chart: 'Chart of all scales',
  expert: 'Expert commentary',
  closing: 'Closing text',
}
/** In the order the schema lists them (a value import of the schema would bundle zod). */
const SECTION_TYPES = Object.keys(SECTION_LABELS) as SectionType[]

/** What a section needs besides its type: text for intro/closing, a scale for score. */
const usesText = (type: SectionType) => type === 'intro' || type === 'closing'
const usesScale = (type: SectionType) => type === 'score' || type === 'expert'

/** The section as `section add` takes it, to re-add it somewhere else. */
function inputOf(section: Section, position: number): SectionInput {
  return {
    type: section.type,
    ...(section.title ? { title: section.title } : {}),
    ...(section.text ? { text: section.text } : {}),
    ...(section.scale ? { scale: section.scale } : {}),
    position,
  }
}

/**
 * @summary The report respondents see: ordered pages of sections (intro, dimension score,
 * chart, expert commentary, closing), with placeholders help and a preview beside them. A
 * viewer reads the pages and previews them, with nothing to add, move, edit or remove.
 * @event svc-app-changed - After any saved change.
 */
@customElement('svc-report-editor')
export class SvcReportEditor extends LitElement {
  static override styles = [baseStyles, stackedTableStyles, reportEditorStyles]

  @property({ attribute: false }) app!: App

  @state() private pages: ReportPage[] | null = null
  @state() private scales: Scale[] = []
  @state() private fields: Field[] = []
  /** Errors by page id ('' for the page list itself). */
  @state() private errors: Record<string, string> = {}
  /** The type chosen in each page's add form. */
  @state() private addTypes: Record<string, SectionType> = {}
  /** The section whose title and text are open for editing. */
  @state() private editing: string | null = null
  @query('svc-confirm') private confirm!: SvcConfirm

  /** True when the caller's role changes the report (editor and up). */
  private get edits() {
    return may(this.app.role, 'apps:write')
  }

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  private async load() {
    try {
      const [pages, scales, fields] = await Promise.all([
        assessmentApi.report(this.app.id),
        assessmentApi.scales(this.app.id),
        api.fields(this.app.id),
      ])
      this.pages = pages
      this.scales = scales
      this.fields = fields.fields
    } catch (error) {
      this.errors = { ...this.errors, '': (error as Error).message }
    }
  }

  /** Runs one change, then reloads the pages; a failure is shown beside `where`. */
  private async run(where: string, change: () => Promise<unknown>) {
    try {
      await change()
      const { [where]: _, ...rest } = this.errors
      this.errors = rest
      this.pages = await assessmentApi.report(this.app.id)
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.errors = { ...this.errors, [where]: (error as Error).message }
    }
  }

  private addPage(event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const title = String(new FormData(form).get('title') ?? '').trim()
    void this.run('', async () => {
      await assessmentApi.addPage(this.app.id, title ? { title } : {})
      form.reset()
    })
  }

  private async removePage(page: ReportPage) {
    const ok = await this.confirm.ask({
      title: 'Remove page',
      message: 'Remove the report page',
      name: page.title || `Page ${page.number}`,
      after: ` and its ${page.sections.length} section${page.sections.length === 1 ? '' : 's'}?`,
      confirmLabel: 'Remove page',
      danger: true,
    })
    if (ok) await this.run('', () => assessmentApi.deletePage(this.app.id, page.id))
  }

  private moveSection(page: ReportPage, index: number, by: -1 | 1) {
    const section = page.sections[index]
    // Sections have no move route: take the section out and put the same content back one place over.
    void this.run(page.id, async () => {
      await assessmentApi.deleteSection(this.app.id, page.id, section.id)
      await assessmentApi.addSection(this.app.id, page.id, inputOf(section, index + 1 + by))
    })
  }

  private saveSection(page: ReportPage, section: Section, index: number, event: SubmitEvent) {
    event.preventDefault()
    const values = new FormData(event.target as HTMLFormElement)
    const title = String(values.get('title') ?? '').trim()
    const text = String(values.get('text') ?? '').trim()
    // Like moving: the edited section replaces the old one in the same place.
    void this.run(page.id, async () => {
      await assessmentApi.deleteSection(this.app.id, page.id, section.id)
      await assessmentApi.addSection(
        this.app.id,
        page.id,
        inputOf({ ...section, title, text: usesText(section.type) ? text : section.text }, index + 1),
      )
      this.editing = null
    })
  }

  private renderSectionForm(page: ReportPage, section: Section, index: number) {
    return html`<tr data-section=${section.id} class="editing">
      <td class="order"></td>
      <td class="type"><span class="badge">${SECTION_LABELS[section.type]}</span></td>
      <td class="text" colspan="2">
        <form class="edit-section stack" aria-label="Edit section ${index + 1}" @submit=${(e: SubmitEvent) => this.saveSection(page, section, index, e)}>
          <label><span>Title <span class="hint">optional</span></span><input name="title" dir="auto" .value=${section.title} /></label>
          ${usesText(section.type) ? html`<label>Text <textarea name="text" dir="auto" .value=${section.text}></textarea></label>` : nothing}
          <div class="row">
            <button class="small primary" type="submit">Save section</button>
            <button class="small" type="button" @click=${() => (this.editing = null)}>Cancel</button>
          </div>
        </form>
      </td>
    </tr>`
  }

  private addSection(page: ReportPage, event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const values = new FormData(form)
    const type = String(values.get('type')) as SectionType
    const title = String(values.get('title') ?? '').trim()
    const text = String(values.get('text') ?? '').trim()
    const scale = String(values.get('scale') ?? '')
    const input: SectionInput = {
      type,
      ...(title ? { title } : {}),
      ...(usesText(type) && text ? { text } : {}),
      ...(usesScale(type) && scale ? { scale } : {}),
    }
    void this.run(page.id, async () => {
      await assessmentApi.addSection(this.app.id, page.id, input)
      form.reset()
      this.addTypes = { ...this.addTypes, [page.id]: 'intro' }
    })
  }

  private renderSection(page: ReportPage, section: Section, index: number) {
    if (this.editing === section.id) return this.renderSectionForm(page, section, index)
    const scale = this.scales.find((s) => s.key === section.scale)
    return html`<tr data-section=${section.id}>
      ${
        this.edits
          ? html`<td class="order">
            <button class="icon ghost" aria-label="Move section ${index + 1} up" ?disabled=${index === 0} @click=${() => this.moveSection(page, index, -1)}>↑</button>
            <button class="icon ghost" aria-label="Move section ${index + 1} down" ?disabled=${index === page.sections.length - 1} @click=${() => this.moveSection(page, index, 1)}>↓</button>
          </td>`
          : nothing
      }
      <td class="type"><span class="badge">${SECTION_LABELS[section.type]}</span></td>
      <td class="text" dir="auto">
        ${section.title ? html`<div class="title">${section.title}</div>` : nothing}
        ${usesScale(section.type) ? html`<div class="muted small">${scale ? `Scale: ${scale.name}` : section.scale ? `Scale ${section.scale} (removed)` : 'Every scale'}</div>` : nothing}
        ${section.text ? html`<div class="words">${section.text}</div>` : nothing}
      </td>
      ${
        this.edits
          ? html`<td class="remove">
            <button class="icon ghost edit" aria-label="Edit section ${index + 1}" title="Edit section" @click=${() => (this.editing = section.id)}>✎<span class="stacked-only">Edit</span></button>
            <button class="icon ghost remove" aria-label="Remove section ${index + 1}" @click=${() => this.run(page.id, () => assessmentApi.deleteSection(this.app.id, page.id, section.id))}>×<span class="stacked-only">Remove</span></button>
          </td>`
          : nothing
      }
    </tr>`
  }

  private renderAddSection(page: ReportPage) {
    const type = this.addTypes[page.id] ?? 'intro'
    return html`<form class="add-section" aria-label="Add a section to page ${page.number}" @submit=${(e: SubmitEvent) => this.addSection(page, e)}>
      <label
        >Section
        <select name="type" @change=${(e: Event) => (this.addTypes = { ...this.addTypes, [page.id]: (e.target as HTMLSelectElement).value as SectionType })}>
          ${SECTION_TYPES.map((t) => html`<option value=${t} ?selected=${t === type}>${SECTION_LABELS[t]}</option>`)}
        </select>
      </label>
      <label><span>Title <span class="hint">optional</span></span><input name="title" dir="auto" /></label>
      ${
        usesScale(type)
          ? html`<label
            >Scale
            <select name="scale">
              ${type === 'expert' ? html`<option value="">Every scale</option>` : nothing}
              ${this.scales.map((s) => html`<option value=${s.key}>${s.name}</option>`)}
            </select>
          </label>`
          : html`<span></span>`
      }
      ${
        usesText(type)
          ? html`<label class="wide"
            >Text
            <textarea name="text" dir="auto" placeholder="Thank you, {{name}}. Your energy score is {{score.energy}} ({{level.energy}})."></textarea>
          </label>`
          : nothing
      }
      <div class="wide row">
        <button class="small primary" type="submit">Add section</button>
        ${this.errors[page.id] ? html`<span class="row-error" role="alert">${this.errors[page.id]}</span>` : nothing}
      </div>
    </form>`
  }

  /** A page's header: its number and title, and for an editor the title's box and the page's buttons. */
  private renderPageHeader(page: ReportPage, index: number, count: number) {
    if (!this.edits)
      return html`<header>
        <span class="num">Page ${page.number}</span>
        <strong class="page-title" dir="auto">${page.title || html`<span class="muted">Untitled page</span>`}</strong>
      </header>`
    return html`<header>
        <span class="num">Page ${page.number}</span>
        <input
          aria-label="Title of page ${page.number}"
          dir="auto"
          placeholder="Untitled page"
          .value=${page.title}
          @change=${(e: Event) => this.run(page.id, () => assessmentApi.updatePage(this.app.id, page.id, { title: (e.target as HTMLInputElement).value.trim() }))}
        />
        <span class="spacer"></span>
        <button class="icon ghost" aria-label="Move page ${page.number} up" ?disabled=${index === 0} @click=${() => this.run(page.id, () => assessmentApi.updatePage(this.app.id, page.id, { position: index }))}>↑</button>
        <button class="icon ghost" aria-label="Move page ${page.number} down" ?disabled=${index === count - 1} @click=${() => this.run(page.id, () => assessmentApi.updatePage(this.app.id, page.id, { position: index + 2 }))}>↓</button>
        <button class="small danger" @click=${() => this.removePage(page)}>Remove page</button>
      </header>`
  }

  private renderPage(page: ReportPage, index: number, count: number) {
    return html`<section class="panel page stacking" data-page=${page.id} aria-label="Report page ${page.number}">
      ${this.renderPageHeader(page, index, count)}
      ${
        page.sections.length === 0
          ? html`<p class="empty">No sections on this page yet.</p>`
          : html`<table>
            <tbody>
              ${repeat(
                page.sections,
                (s) => s.id,
                (s, i) => this.renderSection(page, s, i),
              )}
            </tbody>
          </table>`
      }
      ${this.edits ? this.renderAddSection(page) : nothing}
    </section>`
  }

  override render() {
    const pages = this.pages
    return html`<div class="pages">
        ${this.edits ? nothing : viewerNotice('you see the report respondents get and may preview it, but do not change it')}
        ${
          pages === null
            ? html`<p class="muted">Loading…</p>`
            : pages.length === 0
              ? html`<div class="panel empty">No report pages yet. Respondents see the report after they submit${this.edits ? '; add a first page to start it' : ''}.</div>`
              : repeat(
                  pages,
                  (p) => p.id,
                  (p, i) => this.renderPage(p, i, pages.length),
                )
        }
        ${
          this.edits
            ? html`<form class="add-page panel body" @submit=${this.addPage} aria-label="Add a report page">
              <label><span>New page <span class="hint">title, optional</span></span><input name="title" dir="auto" placeholder="Your results" /></label>
              <button class="primary" type="submit">Add page</button>
            </form>`
            : nothing
        }
        ${this.errors[''] ? html`<p class="error" role="alert">${this.errors['']}</p>` : nothing}
      </div>
      <div class="side">
        <svc-report-preview .appId=${this.app.id} .fields=${this.fields} .scales=${this.scales}></svc-report-preview>
      </div>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-report-editor': SvcReportEditor
  }
}
