import { LitElement, html, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { SPAM_RULE_LIMITS, type SpamRules } from '../../../server/contract/share/spam-rules.ts'
import { api, type Share } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { formLimitsStyles } from '../svc-form-limits/svc-form-limits.styles.ts'

/** A list typed one entry per line (or comma-separated, for scripts): the entries, trimmed, none empty. */
const entries = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((entry) => entry.trim())
    .filter(Boolean)

/** The rules the form's inputs make; null when none is set. */
function rulesOf(form: FormData): SpamRules | null {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const rules: SpamRules = {}
  if (text('maxLinks') !== '') rules.maxLinks = Number(text('maxLinks'))
  const words = entries(text('blockedWords'), /\n/)
  if (words.length > 0) rules.blockedWords = words
  const domains = entries(text('blockedDomains'), /\n/)
  if (domains.length > 0) rules.blockedDomains = domains
  if (form.get('blockDisposable') !== null) rules.blockDisposable = true
  const scripts = entries(text('scripts'), /[,\s]+/)
  if (scripts.length > 0) rules.scripts = scripts
  if (text('minSeconds') !== '') rules.minSeconds = Number(text('minSeconds'))
  if (form.get('requireStamp') !== null) rules.requireStamp = true
  return Object.keys(rules).length === 0 ? null : rules
}

/** A number input with its hint; empty is "not set". */
const numberInput = (name: string, label: string, hint: string, value: number | undefined, max: number, min = 0) =>
  html`<label
    >${label}
    <span class="hint" id="${name}-hint">${hint}</span>
    <input
      name=${name}
      type="number"
      inputmode="numeric"
      min=${min}
      max=${max}
      step="1"
      aria-describedby="${name}-hint"
      .value=${value === undefined ? '' : String(value)}
    />
  </label>`

/** A list typed one entry per line, with its hint. */
const listInput = (name: string, label: string, hint: string, value: string[] | undefined) =>
  html`<label
    >${label}
    <span class="hint" id="${name}-hint">${hint}</span>
    <textarea name=${name} rows="3" aria-describedby="${name}-hint" .value=${(value ?? []).join('\n')}></textarea>
  </label>`

/**
 * @summary The spam defences of a form (Sharing → Spam, beside Limits): the content rules
 * (share setting `spamRules`) that store a stranger's post as spam with its reasons, and the
 * duplicate window (`dedupeSeconds`, `dedupeJson`). Saved together with one button.
 * @event svc-app-changed - After the settings were saved.
 */
@customElement('svc-form-spam')
export class SvcFormSpam extends LitElement {
  static override styles = [baseStyles, formLimitsStyles]

  @property() appId = ''
  @property({ attribute: false }) share: Share | null = null

  @state() private error = ''
  @state() private saved = false
  @state() private busy = false

  private async save(event: SubmitEvent) {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const seconds = String(form.get('dedupeSeconds') ?? '').trim()
    this.busy = true
    this.error = ''
    try {
      this.share = await api.updateShare(this.appId, {
        spamRules: rulesOf(form),
        dedupeSeconds: seconds === '' ? 0 : Number(seconds),
        dedupeJson: form.get('dedupeJson') !== null,
      })
      this.saved = true
      this.dispatchEvent(new Event('svc-app-changed', { bubbles: true, composed: true }))
    } catch (error) {
      this.error = (error as Error).message
      this.saved = false
    } finally {
      this.busy = false
    }
  }

  override render() {
    const share = this.share
    if (!share) return nothing
    const rules = share.spamRules ?? {}
    return html`<section class="panel" aria-labelledby="spam-title">
      <header><h2 id="spam-title">Spam</h2></header>
      <div class="body">
        <form
          @submit=${this.save}
          @input=${() => {
            this.saved = false
            this.error = ''
          }}
        >
          <p class="state">
            A stranger's post that trips a rule is stored as spam, with the reason, and answered like any other. Your
            own posts are never checked.
          </p>
          ${numberInput('maxLinks', 'Most links', 'More links than this is spam. Empty for any number.', rules.maxLinks, SPAM_RULE_LIMITS.maxLinks)}
          ${listInput('blockedWords', 'Blocked words', 'One word or phrase per line; case and accents are ignored.', rules.blockedWords)}
          ${listInput('blockedDomains', 'Blocked e-mail domains', 'One per line, e.g. example.net; its subdomains too.', rules.blockedDomains)}
          <label class="inline"
            ><input type="checkbox" name="blockDisposable" .checked=${rules.blockDisposable === true} /> Block disposable
            e-mail addresses</label
          >
          <label
            >Allowed scripts
            <span class="hint" id="scripts-hint">E.g. Latin, Cyrillic; text mostly in another is spam. Empty for any.</span>
            <input name="scripts" type="text" aria-describedby="scripts-hint" .value=${(rules.scripts ?? []).join(', ')} />
          </label>
          <div class="pair">
            ${numberInput('minSeconds', 'Fewest seconds to fill in', 'From loading the fill-in page to posting. Empty for no minimum.', rules.minSeconds, SPAM_RULE_LIMITS.maxMinSeconds, 1)}
            ${numberInput('dedupeSeconds', 'Duplicate window', 'Seconds; the same post again from the same client is stored once. 0 for off.', share.dedupeSeconds, SPAM_RULE_LIMITS.maxDedupeSeconds)}
          </div>
          <label class="inline"
            ><input type="checkbox" name="requireStamp" .checked=${rules.requireStamp === true} /> Posts not from a page
            of this form are spam when a minimum is set</label
          >
          <label class="inline"
            ><input type="checkbox" name="dedupeJson" .checked=${share.dedupeJson} /> Also store repeated JSON posts
            once</label
          >
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
          <div class="row">
            <button class="primary" type="submit" ?disabled=${this.busy}>Save spam settings</button>
            ${this.saved ? html`<span class="saved" role="status">Saved</span>` : nothing}
          </div>
        </form>
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-form-spam': SvcFormSpam
  }
}
