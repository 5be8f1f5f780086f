import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { api, type Sender } from '../../api.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { shownOnceStyles } from '../../styles/shown-once.styles.ts'
import { SENDER_KIND_LABELS, SENDER_KINDS, type SenderKind } from '../../../server/contract/senders/kinds.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-copy-button/svc-copy-button.ts'
import { sendersStyles } from './svc-senders.styles.ts'

/** Kinds whose secret svc may make (the owner pastes it on the provider's side). */
const SVC_MAKES = new Set<SenderKind>(['github', 'hmac'])

/**
 * @summary The senders of an app: third parties (GitHub, Stripe, Shopify, Standard Webhooks,
 * any HMAC signer) whose webhooks its endpoint verifies. List them (never their secrets), add
 * one with its secret entered once (or, for GitHub and HMAC, one svc makes, shown once), and
 * remove one.
 */
@customElement('svc-senders')
export class SvcSenders extends LitElement {
  static override styles = [baseStyles, shownOnceStyles, sendersStyles]

  @property() appId = ''

  @state() private senders: Sender[] | null = null
  /** The secret svc made for the sender just added; cleared with Done. */
  @state() private created: { name: string; secret: string } | null = null
  @state() private kind: SenderKind = 'github'
  @state() private error = ''
  @query('svc-confirm') private confirm!: SvcConfirm

  protected override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('appId') && this.appId) {
      this.created = null
      void this.load()
    }
  }

  private async run(work: () => Promise<unknown>) {
    try {
      await work()
      this.error = ''
    } catch (error) {
      this.error = (error as Error).message
    }
  }

  private load() {
    return this.run(async () => {
      this.senders = await api.senders(this.appId)
    })
  }

  private add(event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const data = new FormData(form)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    const secret = String(data.get('secret') ?? '')
    const kind = this.kind
    const hmac =
      kind === 'hmac'
        ? { header: text('header'), encoding: text('encoding') as 'hex' | 'base64', prefix: text('prefix') }
        : {}
    return this.run(async () => {
      const added = await api.addSender(this.appId, {
        name: text('name'),
        kind,
        require: data.get('require') === 'on',
        ...(secret ? { secret } : {}),
        ...hmac,
      })
      this.created = added.secret ? { name: added.name, secret: added.secret } : null
      form.reset()
      this.kind = 'github'
      await this.load()
    })
  }

  private async removeSender(sender: Sender) {
    const ok = await this.confirm.ask({
      title: 'Remove sender',
      message: 'Remove the sender',
      name: sender.name,
      after: '? Its deliveries are then taken as unsigned posts.',
      confirmLabel: 'Remove sender',
      danger: true,
    })
    if (!ok) return
    await this.run(async () => {
      await api.removeSender(this.appId, sender.name)
      await this.load()
    })
  }

  private renderCreated() {
    const created = this.created
    if (!created) return nothing
    return html`<div class="shown-once" role="status">
      <strong>Sender ${created.name} added</strong>
      <div class="value">
        <output class="secret">${created.secret}</output>
        <svc-copy-button .value=${created.secret} label="Copy the sender's secret"></svc-copy-button>
      </div>
      <p>Copy the secret now and paste it as the webhook's secret on the provider's side: it will not be shown again.</p>
      <div><button class="small ghost" @click=${() => (this.created = null)}>Done</button></div>
    </div>`
  }

  private renderSender(sender: Sender) {
    return html`<li class="sender" data-sender=${sender.name}>
      <span class="name">${sender.name}</span>
      <span class="badge">${sender.kind}</span>
      <span class="header">${sender.header}</span>
      ${sender.require ? html`<span class="badge on">Signatures required</span>` : nothing}
      <span class="spacer"></span>
      <button class="small danger" aria-label="Remove sender ${sender.name}" @click=${() => this.removeSender(sender)}>Remove</button>
    </li>`
  }

  private renderHmac() {
    if (this.kind !== 'hmac') return nothing
    return html`<div class="hmac">
      <label>Signature header<input name="header" required placeholder="X-Signature" /></label>
      <label>Encoding<select name="encoding"><option value="hex">hex</option><option value="base64">base64</option></select></label>
      <label>Prefix<input name="prefix" placeholder="sha256=" /></label>
    </div>`
  }

  override render() {
    const optional = SVC_MAKES.has(this.kind)
    return html`<section class="panel" aria-labelledby="senders-title">
        <header><h2 id="senders-title">Receiving webhooks</h2></header>
        <div class="body stack">
          <p class="hint">Point a provider's webhook at the endpoint URL and add it here: svc checks each delivery's signature and stores it with <code>meta.source</code> and <code>meta.verified</code>, once per delivery.</p>
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing} ${this.renderCreated()}
          ${this.senders === null ? html`<p class="empty">Loading…</p>` : this.senders.length === 0 ? html`<p class="empty">No senders yet.</p>` : html`<ul class="senders">${this.senders.map((sender) => this.renderSender(sender))}</ul>`}
          <form class="add" @submit=${this.add}>
            <label>Sender name<input name="name" required pattern="[a-z0-9][a-z0-9_\\-]*" maxlength="32" placeholder="github" /></label>
            <label>Kind<select name="kind" @change=${(e: Event) => (this.kind = (e.target as HTMLSelectElement).value as SenderKind)}>
              ${SENDER_KINDS.map((kind) => html`<option value=${kind} ?selected=${kind === this.kind}>${SENDER_KIND_LABELS[kind]}</option>`)}
            </select></label>
            ${this.renderHmac()}
            <label>Signing secret${optional ? ' (empty: svc makes one, shown once)' : ''}<input name="secret" type="password" autocomplete="off" ?required=${!optional} /></label>
            <label class="inline"><input type="checkbox" name="require" /> Refuse posts no sender signed</label>
            <div><button class="primary" type="submit">Add sender</button></div>
          </form>
        </div>
      </section>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-senders': SvcSenders
  }
}
