import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { api, type Delivery, type Notifications, type TestResult, type Webhook } from '../../api.ts'
import { formatDateTime, formatRelative } from '../../format.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { stackedTableStyles } from '../../styles/stacked-table.styles.ts'
import { shownOnceStyles } from '../../styles/shown-once.styles.ts'
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_MEANING, type WebhookEvent } from '../../../server/contract/webhooks/events.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-copy-button/svc-copy-button.ts'
import { webhooksStyles } from './svc-webhooks.styles.ts'

/**
 * @summary Webhooks of an app, and the owner's e-mail per new record (a switch): add one (URL and events; its signing secret shown once),
 * see each one's state — a "Switched off" badge when svc turned it off after a day of
 * failures — send a test event, switch it on or off, remove it, and open its recent
 * deliveries with the records each carries, their status, last answer and a Retry button.
 */
@customElement('svc-webhooks')
export class SvcWebhooks extends LitElement {
  static override styles = [baseStyles, stackedTableStyles, shownOnceStyles, webhooksStyles]

  @property() appId = ''

  @state() private hooks: Webhook[] | null = null
  @state() private notifications: Notifications | null = null
  /** The secret of the webhook just added; cleared with Done. */
  @state() private created: { url: string; secret: string } | null = null
  @state() private error = ''
  /** What the last test of each webhook got. */
  @state() private tests = new Map<string, TestResult>()
  /** The webhook whose deliveries are open, and them. */
  @state() private open: { id: string; deliveries: Delivery[] | null } | null = null
  @query('svc-confirm') private confirm!: SvcConfirm

  protected override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('appId') && this.appId) {
      this.created = null
      this.open = null
      this.tests = new Map()
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
      const [hooks, notifications] = await Promise.all([api.webhooks(this.appId), api.notifications(this.appId)])
      this.hooks = hooks
      this.notifications = notifications
    })
  }

  private add(event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const data = new FormData(form)
    const url = String(data.get('url') ?? '').trim()
    // The checkboxes' values are WEBHOOK_EVENTS.
    const events = data.getAll('events').map(String) as WebhookEvent[]
    return this.run(async () => {
      const added = await api.addWebhook(this.appId, { url, events })
      this.created = { url: added.url, secret: added.secret }
      form.reset()
      await this.load()
    })
  }

  private notify(event: Event) {
    const enabled = (event.target as HTMLInputElement).checked
    return this.run(async () => {
      this.notifications = await api.setNotifications(this.appId, enabled)
    })
  }

  private renderNotifications() {
    const state = this.notifications
    if (!state) return nothing
    return html`<div class="notify">
      <label class="inline"><input type="checkbox" name="notify" .checked=${state.enabled} @change=${this.notify} /> E-mail me about each new record</label>
      <p class="hint">At most ${state.perHour} e-mails an hour, then digests; each has an unsubscribe link.${state.smtp ? '' : ' This server has no SMTP (SVC_SMTP_URL): the e-mails go to its log.'}</p>
    </div>`
  }

  private test(hook: Webhook) {
    return this.run(async () => {
      const result = await api.testWebhook(this.appId, hook.id)
      this.tests = new Map(this.tests).set(hook.id, result)
    })
  }

  private toggle(hook: Webhook) {
    return this.run(async () => {
      await api.updateWebhook(this.appId, hook.id, { enabled: !hook.enabled })
      await this.load()
    })
  }

  private async removeHook(hook: Webhook) {
    const ok = await this.confirm.ask({
      title: 'Remove webhook',
      message: 'Remove the webhook to',
      name: hook.url,
      after: '? Its pending deliveries are dropped.',
      confirmLabel: 'Remove webhook',
      danger: true,
    })
    if (!ok) return
    await this.run(async () => {
      await api.removeWebhook(this.appId, hook.id)
      if (this.open?.id === hook.id) this.open = null
      await this.load()
    })
  }

  private showDeliveries(hook: Webhook) {
    if (this.open?.id === hook.id) {
      this.open = null
      return
    }
    this.open = { id: hook.id, deliveries: null }
    return this.reloadDeliveries(hook.id)
  }

  private reloadDeliveries(hookId: string) {
    return this.run(async () => {
      const deliveries = await api.deliveries(this.appId, hookId)
      if (this.open?.id === hookId) this.open = { id: hookId, deliveries }
    })
  }

  private retry(hookId: string, delivery: Delivery) {
    return this.run(async () => {
      await api.retryDelivery(this.appId, hookId, delivery.id)
      await this.reloadDeliveries(hookId)
    })
  }

  private renderCreated() {
    const created = this.created
    if (!created) return nothing
    return html`<div class="shown-once" role="status">
      <strong>Webhook added</strong>
      <div class="value">
        <output class="secret">${created.secret}</output>
        <svc-copy-button .value=${created.secret} label="Copy the signing secret"></svc-copy-button>
      </div>
      <p>Copy the signing secret now: it will not be shown again. Your receiver verifies each request's <code>webhook-signature</code> with it (Standard Webhooks).</p>
      <div><button class="small ghost" @click=${() => (this.created = null)}>Done</button></div>
    </div>`
  }

  private renderState(hook: Webhook) {
    if (hook.enabled) return html`<span class="badge on">On</span>`
    if (hook.disabledReason) return html`<span class="badge warn" title=${hook.disabledReason}>Switched off</span>`
    return html`<span class="badge">Off</span>`
  }

  private renderTest(hook: Webhook) {
    const result = this.tests.get(hook.id)
    if (!result) return nothing
    const answer = result.status === null ? result.error : `HTTP ${result.status}`
    return html`<p class=${result.delivered ? 'test-ok' : 'error'} role="status">Test ${result.delivered ? 'delivered' : 'failed'}: ${answer} in ${result.latencyMs} ms</p>`
  }

  private renderDeliveries(hookId: string, deliveries: Delivery[] | null) {
    if (deliveries === null) return html`<p class="empty">Loading…</p>`
    if (deliveries.length === 0) return html`<p class="empty">No deliveries yet.</p>`
    return html`<div class="stacking"><table class="deliveries stacks">
      <caption class="visually-hidden">Recent deliveries</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Records</th>
          <th scope="col">Status</th>
          <th scope="col">Last answer</th>
          <th scope="col"><span class="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${deliveries.map(
          (d) => html`<tr data-delivery-id=${d.id}>
            <td class="event" data-label="Event">${d.event}</td>
            <td class="num" data-label="Records">${d.event.startsWith('record.') ? d.records : '—'}</td>
            <td data-label="Status" title=${formatDateTime(d.updatedAt)}><span><span class="badge ${d.status === 'delivered' ? 'on' : d.status === 'dead' ? 'warn' : ''}">${d.status}</span> <span class="muted">×${d.attempts}, ${formatRelative(d.updatedAt)}</span></span></td>
            <td class="answer" data-label="Last answer"><span>${d.lastStatus ?? ''} ${d.lastError ?? ''}${d.lastLatencyMs === null ? '' : html` <span class="muted">${d.lastLatencyMs} ms</span>`}</span></td>
            <td class="actions"><span><button class="small" aria-label="Retry delivery of ${d.event}, ${d.subject}" @click=${() => this.retry(hookId, d)}>Retry</button></span></td>
          </tr>`,
        )}
      </tbody>
    </table></div>`
  }

  private renderHook(hook: Webhook) {
    const open = this.open?.id === hook.id
    return html`<li class="hook" data-webhook-id=${hook.id}>
      <div class="row">
        <span class="url">${hook.url}</span>
        ${this.renderState(hook)}
      </div>
      <p class="muted small">${hook.events.join(', ')}${hook.failures > 0 ? ` · ${hook.failures} failed ${hook.failures === 1 ? 'attempt' : 'attempts'} since the last success` : ''}</p>
      ${hook.disabledReason ? html`<p class="notice">svc switched this webhook off: ${hook.disabledReason}. Fix the receiver, switch it on and retry the dead deliveries.</p>` : nothing}
      <div class="row buttons">
        <button class="small" @click=${() => this.test(hook)}>Send test</button>
        <button class="small" @click=${() => this.toggle(hook)}>${hook.enabled ? 'Switch off' : 'Switch on'}</button>
        <button class="small" aria-expanded=${open ? 'true' : 'false'} @click=${() => this.showDeliveries(hook)}>Deliveries</button>
        <span class="spacer"></span>
        <button class="small danger" aria-label="Remove webhook ${hook.url}" @click=${() => this.removeHook(hook)}>Remove</button>
      </div>
      ${this.renderTest(hook)} ${open ? this.renderDeliveries(hook.id, this.open!.deliveries) : nothing}
    </li>`
  }

  override render() {
    return html`<section class="panel" aria-labelledby="webhooks-title">
        <header><h2 id="webhooks-title">Notifications and webhooks</h2></header>
        <div class="body stack">
          <p class="hint">svc POSTs each event to your URL, signed (Standard Webhooks), and retries for about a day when it fails.</p>
          ${this.renderNotifications()}
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing} ${this.renderCreated()}
          ${this.hooks === null ? html`<p class="empty">Loading…</p>` : this.hooks.length === 0 ? html`<p class="empty">No webhooks yet.</p>` : html`<ul class="hooks">${this.hooks.map((hook) => this.renderHook(hook))}</ul>`}
          <form class="add" @submit=${this.add}>
            <label>Webhook URL<input name="url" type="url" required placeholder="https://example.com/hooks/svc" /></label>
            <fieldset>
              <legend>Events</legend>
              ${WEBHOOK_EVENTS.map(
                (event) =>
                  html`<label class="inline" title=${WEBHOOK_EVENT_MEANING[event]}><input type="checkbox" name="events" value=${event} checked /> ${event}</label>`,
              )}
            </fieldset>
            <div><button class="primary" type="submit">Add webhook</button></div>
          </form>
        </div>
      </section>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-webhooks': SvcWebhooks
  }
}
