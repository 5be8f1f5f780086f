import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { LIMITS } from '../../../server/contract/limits.ts'
import { api, type ReadAccess, type Role, type Share } from '../../api.ts'
import { formatDateTime } from '../../format.ts'
import { may } from '../../roles.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import '../svc-copy-button/svc-copy-button.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import { shareSettingsStyles } from './svc-share-settings.styles.ts'

type Switch = 'service' | 'autoCreate'

const SWITCHES: Array<[Switch, string, string]> = [
  ['service', 'Accept submissions', 'Off: posts are refused (403 "disabled").'],
  ['autoCreate', 'Auto-create fields', 'New keys are kept and proposed as fields for you to accept. Off: refused.'],
]

/** The choices of the reads control: who reads with the endpoint or fill-in link alone. */
const READS: Array<[ReadAccess, string, string]> = [
  ['off', 'Only you', 'Records stay private: you read them here, with svc-cli or your access token.'],
  ['summary', 'Summary', 'Anyone with the link reads the aggregates; records stay private.'],
  ['records', 'Records', 'Anyone with the link reads every record and the summary.'],
]

/** How far each reads setting opens the records: opening further asks first, closing does not. */
const OPENNESS: Record<ReadAccess, number> = { off: 0, summary: 1, records: 2 }

/** A refused field inside a closed <details> is opened, so the browser can show what to fix. */
const openAround = (event: Event) => (event.target as Element).closest('details')?.setAttribute('open', '')

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`

/**
 * The confirmation before opening reads to `to`: exactly who can then read what, from the
 * app's record count and fields (an e-mail field is named, since its addresses go with it).
 */
function openReadsQuestion(to: 'summary' | 'records', records: number, emailFields: number, minRespondents: number) {
  if (to === 'records') {
    return {
      title: 'Let anyone with the link read every record?',
      message:
        `Anyone with the form's link or endpoint token will be able to read every record (${plural(records, 'record', 'records')} now${emailFields > 0 ? ', incl. e-mail addresses' : ''}) ` +
        "and the summary, and every record sent from now on. The link sits in your form's page source, so anyone who sees the form has it.",
      confirmLabel: 'Open records to anyone',
      danger: true,
    }
  }
  return {
    title: 'Let anyone with the link read the summary?',
    message:
      `Anyone with the form's link or endpoint token will be able to read the summary of your records (${plural(records, 'record', 'records')} now): ` +
      `counts, records per day, numbers' averages and ranges, and values at least ${minRespondents} people gave. Single records and e-mail addresses stay private.`,
    confirmLabel: 'Open the summary to anyone',
    danger: true,
  }
}

/**
 * @summary Sharing: publish/unpublish, the writes and auto-create switches, who may read
 * with the link (off, summary, records; opening asks first and says who can then read what;
 * the server's warning beside it when open) and what respondents see after sending. The
 * settings few apps change (honeypot, rate limit, the public summary's minimum, allowed
 * redirect origins) and token rotation wait behind their own summary lines. An admin
 * changes everything but what lets strangers read more: opening reads further, lowering the
 * public summary's minimum and rotating the token are the owner's.
 * @event svc-app-changed - After any saved change.
 */
@customElement('svc-share-settings')
export class SvcShareSettings extends LitElement {
  static override styles = [baseStyles, shareSettingsStyles]

  @property() appId = ''
  @property({ attribute: false }) share: Share | null = null
  /** The caller's role in the app (the panel is shown to admins and the owner). */
  @property() role: Role = 'admin'

  @state() private error = ''
  /** Problems with the settings form, shown beside its Save button. */
  @state() private formError = ''
  @state() private saved = false
  @state() private busy = false
  @query('svc-confirm') private confirm!: SvcConfirm

  private async run(action: () => Promise<unknown>) {
    this.busy = true
    this.error = ''
    try {
      await action()
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
      return true
    } catch (error) {
      this.error = (error as Error).message
      return false
    } finally {
      this.busy = false
    }
  }

  private async rotate() {
    const ok = await this.confirm.ask({
      title: 'Rotate the endpoint token',
      message:
        'A new endpoint URL is made and the current one stops working at once (404). Forms, scripts and devices posting to the old URL must be updated.',
      confirmLabel: 'Rotate token',
      danger: true,
    })
    if (ok) await this.run(() => api.rotate(this.appId))
  }

  /** True for the owner: opening reads to strangers and rotating the token are theirs alone. */
  private get opens() {
    return may(this.role, 'share:open')
  }

  /** Puts the reads radios back on `reads` (the browser already moved them to the one clicked). */
  private showReads(reads: ReadAccess) {
    for (const input of this.renderRoot.querySelectorAll<HTMLInputElement>('input[name=reads]'))
      input.checked = input.value === reads
  }

  /** Changes who reads with the link; opening further first asks, naming who can then read what. */
  private async chooseReads(shown: Share, to: ReadAccess) {
    // The settings as last saved here: a change a moment ago may not have come back down as `share` yet.
    const share = this.share ?? shown
    if (to === share.reads) return
    if (OPENNESS[to] > OPENNESS[share.reads]) {
      // The settings as stored now: a minimum saved a moment ago may not have reached `share` yet.
      const read = await Promise.all([api.summary(this.appId), api.share(this.appId)]).catch((error: Error) => {
        this.error = error.message
        return null
      })
      if (!read) return this.showReads(share.reads)
      const [summary, current] = read
      const emailFields = Object.values(summary.fields).filter((field) => field.type === 'email').length
      const ok = await this.confirm.ask(
        openReadsQuestion(to as 'summary' | 'records', summary.total, emailFields, current.summaryMinRespondents),
      )
      if (!ok) return this.showReads(share.reads)
    }
    await this.run(async () => {
      this.share = await api.updateShare(this.appId, { reads: to })
    })
  }

  private async saveSettings(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const rateLimit = String(form.get('rateLimit') ?? '').trim()
    const origins = String(form.get('redirectOrigins') ?? '')
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter(Boolean)
    const thankYouUrl = String(form.get('thankYouUrl') ?? '').trim()
    const minimum = String(form.get('summaryMinRespondents') ?? '').trim()
    this.saved = await this.run(() =>
      api.updateShare(this.appId, {
        honeypot: String(form.get('honeypot') ?? '').trim(),
        rateLimit: rateLimit || null,
        redirectOrigins: origins,
        thankYouMessage: String(form.get('thankYouMessage') ?? ''),
        thankYouUrl: thankYouUrl || null,
        submitAnother: form.get('submitAnother') !== null,
        summaryMinRespondents: Number(minimum),
      }),
    )
    // The form's own problem belongs next to its Save button, not at the top of the panel.
    this.formError = this.saved ? '' : this.error
    if (!this.saved) this.error = ''
  }

  /**
   * The three-way reads control, with the server's warning beside it while reads are open.
   * The choices sit on one line; what the chosen one means shows under them (each radio
   * is described by its own meaning, so a screen reader hears it for every choice).
   */
  private renderReads(share: Share) {
    const warnings = share.warnings ?? []
    const described = [
      'reads-hint',
      ...(this.opens ? [] : ['reads-owner']),
      ...(warnings.length ? ['reads-warning'] : []),
    ]
    return html`<div class="reads">
      <fieldset class="reads-choice" aria-describedby=${described.join(' ')}>
        <legend>Who may read with the endpoint or fill-in link</legend>
        <div class="choices">
          ${READS.map(
            ([value, label]) => html`<label class="choice">
              <input
                type="radio"
                name="reads"
                value=${value}
                aria-describedby="reads-means-${value}"
                .checked=${share.reads === value}
                ?disabled=${this.busy || (!this.opens && OPENNESS[value] > OPENNESS[share.reads])}
                @change=${() => this.chooseReads(share, value)}
              />
              ${label}
            </label>`,
          )}
        </div>
        ${READS.map(([value, , means]) => html`<p class="hint" id="reads-means-${value}" ?hidden=${share.reads !== value}>${means}</p>`)}
        <p class="hint" id="reads-hint">The link sits in your form's page source, so anyone who sees the form has it.</p>
        ${this.opens ? nothing : html`<p class="hint" id="reads-owner">Only the app's owner lets the link read more; you may close it further.</p>`}
      </fieldset>
      ${
        warnings.length
          ? html`<div class="reads-warning" id="reads-warning" role="note" aria-label="Warning">
            ${warnings.map((warning) => html`<p><strong>Warning:</strong> ${warning}</p>`)}
          </div>`
          : nothing
      }
    </div>`
  }

  override render() {
    // Long: the whole panel as one template, read top to bottom as the page shows it.
    const share = this.share
    if (!share) return html`<section class="panel"><div class="body muted">Loading…</div></section>`
    return html`<section class="panel" aria-labelledby="share-title">
        <header>
          <h2 id="share-title">Sharing</h2>
          ${share.published ? html`<span class="badge on">Published</span>` : html`<span class="badge">Not published</span>`}
        </header>
        <div class="body stack">
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
          <div class="status">
            <p>
              ${
                share.published
                  ? `Taking records${share.publishedAt ? ` since ${formatDateTime(share.publishedAt)}` : ''}.`
                  : share.token
                    ? 'The endpoint answers 404 until you publish again; its URL is kept.'
                    : 'Publish to get an endpoint URL that forms, scripts and agents can POST to.'
              }
            </p>
            ${
              share.published
                ? html`<button class="unpublish" ?disabled=${this.busy} @click=${() => this.run(() => api.unpublish(this.appId))}>Unpublish</button>`
                : html`<button class="primary publish" ?disabled=${this.busy} @click=${() => this.run(() => api.publish(this.appId))}>Publish</button>`
            }
          </div>
          ${
            share.published && share.endpoint
              ? html`<div class="published-url">
                <div class="row">
                  <span id="published-url-label">Endpoint URL</span>
                  <span class="spacer"></span>
                  <svc-copy-button .value=${share.endpoint} label="Copy the endpoint URL"></svc-copy-button>
                </div>
                <output class="mono" aria-labelledby="published-url-label">${share.endpoint}</output>
              </div>`
              : nothing
          }
          <fieldset class="switches">
            <legend class="visually-hidden">Endpoint switches</legend>
            ${SWITCHES.map(
              ([key, label, hint]) => html`<label class="switch">
                <input
                  type="checkbox"
                  name=${key}
                  .checked=${share[key]}
                  ?disabled=${this.busy}
                  @change=${(e: Event) => this.run(() => api.updateShare(this.appId, { [key]: (e.target as HTMLInputElement).checked }))}
                />
                <span>${label}<span class="hint">${hint}</span></span>
              </label>`,
            )}
          </fieldset>
          ${this.renderReads(share)}
          <form
            @submit=${this.saveSettings}
            @input=${() => {
              this.saved = false
              this.formError = ''
            }}
            @invalid=${{ handleEvent: openAround, capture: true }}
          >
            <label
              >Thank-you message
              <span class="hint">Empty for “Your answers were saved.”</span>
              <textarea name="thankYouMessage" rows="2" .value=${share.thankYouMessage}></textarea>
            </label>
            <label class="inline"
              ><input type="checkbox" name="submitAnother" .checked=${share.submitAnother} /> Offer “Submit another response”
              on the thank-you page</label
            >
            <label
              >Thank-you page URL
              <span class="hint">Send people to your own page instead</span>
              <input name="thankYouUrl" type="url" class="mono" placeholder="https://example.com/thanks" .value=${share.thankYouUrl ?? ''} />
            </label>
            <details class="more">
              <summary>Spam, rate limit, public summary and redirects</summary>
              <div class="stack">
                <label
                  >Honeypot field name
                  <span class="hint">Submissions that fill it in are stored as spam and answered like any other.</span>
                  <input name="honeypot" class="mono" .value=${share.honeypot} />
                </label>
                <label
                  >Rate limit
                  <span class="hint">Requests per second and burst, e.g. <code>20/s,100</code>; <code>off</code> for none; empty for the server default (now ${share.effectiveRateLimit}).</span>
                  <input name="rateLimit" class="mono" placeholder=${share.effectiveRateLimit} .value=${share.rateLimit ?? ''} />
                </label>
                <label
                  >Public summary: smallest group shown
                  <span class="hint"
                    >With reads open, the summary lists a value only when at least this many records gave it (at least ${LIMITS.summaryMinRespondentsFloor}); rarer values are only counted, e-mail addresses never listed. You always see everything.${this.opens ? nothing : " Only the app's owner lowers it."}</span
                  >
                  <input name="summaryMinRespondents" type="number" inputmode="numeric" min=${this.opens ? LIMITS.summaryMinRespondentsFloor : share.summaryMinRespondents} step="1" required .value=${String(share.summaryMinRespondents)} />
                </label>
                <label
                  >Allowed redirect origins
                  <span class="hint">Where a form's <code>_redirect</code> may send people after submitting; one origin per line, e.g. https://example.com.</span>
                  <textarea name="redirectOrigins" class="mono" rows="3" .value=${share.redirectOrigins.join('\n')}></textarea>
                </label>
              </div>
            </details>
            ${this.formError ? html`<p class="error" role="alert">${this.formError}</p>` : nothing}
            <div class="row">
              <button class="primary" type="submit" ?disabled=${this.busy}>Save settings</button>
              ${this.saved ? html`<span class="saved" role="status">Saved</span>` : nothing}
            </div>
          </form>
          ${
            share.token && this.opens
              ? html`<details class="danger-zone">
                <summary>Rotate token</summary>
                <p class="hint">Makes a new endpoint URL. The old URL stops working immediately.</p>
                <div><button class="danger rotate" ?disabled=${this.busy} @click=${this.rotate}>Rotate token…</button></div>
              </details>`
              : nothing
          }
        </div>
      </section>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-share-settings': SvcShareSettings
  }
}
