import { LitElement, html, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { api, type Invitation, type Member, type MemberRole, type Role } from '../../api.ts'
import { MEMBER_ROLES, ROLES } from '../../../server/contract/access/roles.ts'
import { formatDateTime, formatRelative } from '../../format.ts'
import { navigate } from '../../router.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { shownOnceStyles } from '../../styles/shown-once.styles.ts'
import '../svc-confirm/svc-confirm.ts'
import type { SvcConfirm } from '../svc-confirm/svc-confirm.ts'
import '../svc-copy-button/svc-copy-button.ts'
import { peopleStyles } from './svc-people.styles.ts'

/** What each role may do, after "may". */
const ROLE_WORDS: Record<Role, string> = {
  viewer: 'read records, summaries and reports',
  editor: 'also change the form, scales, reports and records',
  admin: 'also manage sharing, webhooks and the members below admin',
  owner: 'do everything, and hand the app over',
}

const below = (role: Role, than: Role) => ROLES.indexOf(role) < ROLES.indexOf(than)

/**
 * @summary Setup → People: who works on the app and with which role. The owner and admins
 * invite by e-mail (the link is shown too, for a server without SMTP), change roles and
 * remove people — admins only below admin — and withdraw invitations; a member who is
 * neither sees their own role and may leave (back to the app list).
 */
@customElement('svc-people')
export class SvcPeople extends LitElement {
  static override styles = [baseStyles, shownOnceStyles, peopleStyles]

  @property() appId = ''
  /** The caller's role in the app. */
  @property() role: Role = 'viewer'

  @state() private members: Member[] | null = null
  @state() private invitations: Invitation[] = []
  @state() private invited: { email: string; url: string; mailed: boolean } | null = null
  @state() private error = ''
  @query('svc-confirm') private confirm!: SvcConfirm

  private get manages() {
    return this.role === 'owner' || this.role === 'admin'
  }

  protected override willUpdate(changed: Map<string, unknown>) {
    if ((changed.has('appId') || changed.has('role')) && this.appId) {
      this.invited = null
      if (this.manages) void this.load()
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
      const list = await api.members(this.appId)
      this.members = list.members
      this.invitations = list.invitations
    })
  }

  private invite(event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const data = new FormData(form)
    return this.run(async () => {
      const made = await api.invite(this.appId, {
        email: String(data.get('email') ?? ''),
        role: String(data.get('role')) as Role,
      })
      this.invited = { email: made.invitation.email, url: made.url, mailed: made.mailed }
      form.reset()
      await this.load()
    })
  }

  private changeRole(member: Member, role: MemberRole) {
    return this.run(async () => {
      await api.setRole(this.appId, member.userId, role)
      await this.load()
    })
  }

  private async removeMember(member: Member) {
    const ok = await this.confirm.ask({
      title: 'Remove from the app',
      message: 'Remove',
      name: member.email,
      after: ` (${member.role})? Their sessions and tokens lose the app at once.`,
      confirmLabel: 'Remove',
      danger: true,
    })
    if (!ok) return
    await this.run(async () => {
      await api.removeMember(this.appId, member.userId)
      await this.load()
    })
  }

  private async withdraw(invitation: Invitation) {
    await this.run(async () => {
      await api.revokeInvitation(this.appId, invitation.id)
      await this.load()
    })
  }

  private async leave() {
    const ok = await this.confirm.ask({
      title: 'Leave the app',
      message: 'Leave this app? Only its owner or an admin can invite you back.',
      confirmLabel: 'Leave',
      danger: true,
    })
    if (!ok) return
    await this.run(async () => {
      await api.leaveApp(this.appId)
      navigate({ name: 'apps' })
    })
  }

  /** May the caller change or remove `member`? The owner any member; an admin those below admin. */
  private mayTouch(member: Member) {
    return member.role !== 'owner' && (this.role === 'owner' || below(member.role, 'admin'))
  }

  private renderMember(member: Member) {
    const roles = this.role === 'owner' ? MEMBER_ROLES : MEMBER_ROLES.filter((role) => below(role, 'admin'))
    const role = this.mayTouch(member)
      ? html`<select aria-label="Role of ${member.email}" @change=${(e: Event) => this.changeRole(member, (e.target as HTMLSelectElement).value as MemberRole)}>
          ${roles.map((r) => html`<option value=${r} ?selected=${r === member.role}>${r}</option>`)}
        </select>`
      : html`<span class="badge">${member.role}</span>`
    return html`<li class="member" data-member=${member.email}>
      <span class="who"><span class="email" dir="auto">${member.email}</span>${member.name ? html` <span class="hint" dir="auto">${member.name}</span>` : nothing}</span>
      ${role}
      ${this.mayTouch(member) ? html`<button class="small danger" aria-label="Remove ${member.email}" @click=${() => this.removeMember(member)}>Remove</button>` : nothing}
    </li>`
  }

  private renderInvitation(invitation: Invitation) {
    return html`<li class="member invitation" data-invitation=${invitation.email}>
      <span class="who"><span class="email" dir="auto">${invitation.email}</span>
        <span class="hint" title=${formatDateTime(invitation.expiresAt)}>invited as ${invitation.role}, expires ${formatRelative(invitation.expiresAt)}</span></span>
      ${this.role === 'owner' || below(invitation.role, 'admin') ? html`<button class="small" aria-label="Withdraw the invitation of ${invitation.email}" @click=${() => this.withdraw(invitation)}>Withdraw</button>` : nothing}
    </li>`
  }

  private renderInvited() {
    const invited = this.invited
    if (!invited) return nothing
    return html`<div class="shown-once" role="status">
      <strong dir="auto">Invitation for ${invited.email}</strong>
      <div class="value">
        <output class="invite-link">${invited.url}</output>
        <svc-copy-button .value=${invited.url} label="Copy the invitation link"></svc-copy-button>
      </div>
      <p>${invited.mailed ? 'It was e-mailed to them. ' : 'This server has no SMTP, so nothing was mailed: send them the link yourself. '}It works once, for 7 days.</p>
      <div><button class="small ghost" @click=${() => (this.invited = null)}>Done</button></div>
    </div>`
  }

  private renderManage() {
    const roles = this.role === 'owner' ? ROLES : MEMBER_ROLES.filter((role) => below(role, 'admin'))
    return html`${this.renderInvited()}
      ${this.members === null ? html`<p class="empty">Loading…</p>` : html`<ul class="members" aria-label="People">${this.members.map((m) => this.renderMember(m))}</ul>`}
      ${this.invitations.length > 0 ? html`<h3>Waiting invitations</h3><ul class="members" aria-label="Waiting invitations">${this.invitations.map((i) => this.renderInvitation(i))}</ul>` : nothing}
      <form class="invite" @submit=${this.invite}>
        <label>E-mail<input name="email" type="email" required autocomplete="off" placeholder="colleague@example.com" /></label>
        <label>Role<select name="role">
          ${roles.map((r) => html`<option value=${r} ?selected=${r === 'viewer'}>${r === 'owner' ? 'owner (hand the app over)' : r}</option>`)}
        </select></label>
        <button class="primary" type="submit">Invite</button>
      </form>
      <dl class="roles">${roles.map((r) => html`<dt>${r}</dt><dd>may ${ROLE_WORDS[r]}</dd>`)}</dl>`
  }

  override render() {
    return html`<section class="panel" aria-labelledby="people-title">
        <header><h2 id="people-title">People</h2></header>
        <div class="body stack">
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
          ${this.manages ? this.renderManage() : html`<p>You are <strong>${this.role}</strong> in this app: you may ${ROLE_WORDS[this.role]}.</p>`}
          ${this.role === 'owner' ? nothing : html`<div><button class="small" @click=${this.leave}>Leave this app</button></div>`}
        </div>
      </section>
      <svc-confirm></svc-confirm>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-people': SvcPeople
  }
}
