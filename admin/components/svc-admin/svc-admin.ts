import { LitElement, html, nothing } from 'lit'
import { customElement, state } from 'lit/decorators.js'
import { api, onUnauthorized, type User } from '../../api.ts'
import { hrefOf, navigate, parseRoute, type Route } from '../../router.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import { setScreenTitle } from '../../title.ts'
import '../svc-account/svc-account.ts'
import '../svc-app-view/svc-app-view.ts'
import '../svc-apps/svc-apps.ts'
import '../svc-login/svc-login.ts'
import '../svc-invitation/svc-invitation.ts'
import { adminStyles } from './svc-admin.styles.ts'

/** Which screen a route shows: tabs of one app are one screen (focus stays on the tab the user chose). */
const screenOf = (route: Route): string => (route.name === 'app' ? `app:${route.appId}` : route.name)

/**
 * @summary The admin page's shell: checks the session, shows sign-in when there is none
 * (remembering the deep link asked for), and otherwise the sidebar and the routed screen.
 */
@customElement('svc-admin')
export class SvcAdmin extends LitElement {
  static override styles = [baseStyles, adminStyles]

  /** undefined while the session is being checked; null when signed out. */
  @state() private user: User | null | undefined = undefined
  @state() private route: Route = parseRoute(location.hash)

  /** What the sign-in screen says first: why the page is signed out (the account was just deleted). */
  @state() private farewell = ''

  /** Set when the next render shows another screen the user went to: focus goes to its heading, not back to the page. */
  private focusScreen = false

  private readonly onHashChange = () => {
    const next = parseRoute(location.hash)
    if (this.user && screenOf(next) !== screenOf(this.route)) this.focusScreen = true
    this.route = next
    this.guard()
  }
  private stopUnauthorized: (() => void) | null = null

  override connectedCallback() {
    super.connectedCallback()
    window.addEventListener('hashchange', this.onHashChange)
    this.stopUnauthorized = onUnauthorized(() => {
      this.user = null
      this.guard()
    })
    void this.checkSession()
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    window.removeEventListener('hashchange', this.onHashChange)
    this.stopUnauthorized?.()
  }

  /** Asks who is signed in; a signed-out visit is an answer (not a 401), so the console stays clean. */
  private async checkSession() {
    try {
      const session = await api.session()
      this.user = session.authenticated ? session.user : null
    } catch (error) {
      console.warn('svc: session check failed', error)
      this.user = null
    }
    this.guard()
  }

  /** Signed out → the login route (keeping where we were going); signed in → never the login route. */
  private guard() {
    if (this.user === undefined) return
    const route = this.route
    // An invitation's link is read signed out too: accepting may make the account.
    if (this.user === null && route.name !== 'login' && route.name !== 'invitation') {
      navigate(
        { name: 'login', next: location.hash && location.hash !== '#/' ? location.hash : null },
        { replace: true },
      )
    } else if (this.user && route.name === 'login') {
      if (route.next) {
        history.replaceState(null, '', route.next)
        window.dispatchEvent(new HashChangeEvent('hashchange'))
      } else navigate({ name: 'apps' }, { replace: true })
    }
  }

  /** The account is gone with its session: the sign-in screen says so. */
  private onAccountDeleted(event: CustomEvent<string>) {
    this.farewell = event.detail
    this.user = null
    navigate({ name: 'login', next: null })
  }

  private onSignedIn(event: CustomEvent<User>) {
    this.farewell = ''
    this.user = event.detail
    this.focusScreen = true
    this.guard()
  }

  /** Focuses the shown screen's heading once it has rendered, else the main region (never the page itself). */
  private async focusHeading() {
    const main = this.renderRoot.querySelector<HTMLElement>('main')
    const screen = main?.firstElementChild as (HTMLElement & { updateComplete?: Promise<unknown> }) | null | undefined
    await screen?.updateComplete
    const target = screen?.shadowRoot?.querySelector<HTMLElement>('h1') ?? main
    if (!target) return
    target.tabIndex = -1
    target.focus()
  }

  private async logout() {
    try {
      await api.logout()
    } finally {
      this.user = null
      navigate({ name: 'login', next: null })
    }
  }

  /** Titles the screens this shell draws itself; the app view and sign-in title their own. */
  protected override updated() {
    if (!this.user) return
    if (this.focusScreen && this.route.name !== 'login') {
      this.focusScreen = false
      void this.focusHeading()
    }
    if (this.route.name === 'apps') setScreenTitle('Apps')
    else if (this.route.name === 'account') setScreenTitle('Account')
    else if (this.route.name === 'not-found') setScreenTitle('Not found')
  }

  private renderScreen() {
    const route = this.route
    switch (route.name) {
      case 'apps':
        return html`<svc-apps></svc-apps>`
      case 'app':
        return html`<svc-app-view .appId=${route.appId} .tab=${route.tab}></svc-app-view>`
      case 'account':
        return html`<svc-account
          .user=${this.user!}
          @svc-user-changed=${(e: CustomEvent<User>) => (this.user = e.detail)}
          @svc-account-deleted=${this.onAccountDeleted}
        ></svc-account>`
      case 'invitation':
        return this.renderInvitation(route.token)
      case 'not-found':
        return html`<div class="panel"><p class="empty">Nothing lives at this address. <a href="#/apps">Go to your apps</a>.</p></div>`
      case 'login':
        return nothing
    }
  }

  private renderInvitation(token: string) {
    return html`<svc-invitation .token=${token} .user=${this.user ?? null} @svc-signed-in=${this.onSignedIn}></svc-invitation>`
  }

  override render() {
    if (this.user === undefined) return html`<div class="loading" role="status">Loading…</div>`
    if (this.user === null && this.route.name === 'invitation') return this.renderInvitation(this.route.token)
    if (this.user === null || this.route.name === 'login')
      return html`<svc-login .notice=${this.farewell} @svc-signed-in=${this.onSignedIn}></svc-login>`
    const section = this.route.name === 'account' ? 'account' : 'apps'
    const user = this.user
    return html`<div class="layout">
      <aside><nav aria-label="Main">
        <a class="brand" href="#/apps"><span class="logo" aria-hidden="true">s</span>svc</a>
        <div class="links">
          <a href=${hrefOf({ name: 'apps' })} aria-current=${section === 'apps' ? 'page' : 'false'}>
            <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true"><rect x="2" y="2" width="5" height="5" rx="1" /><rect x="9" y="2" width="5" height="5" rx="1" /><rect x="2" y="9" width="5" height="5" rx="1" /><rect x="9" y="9" width="5" height="5" rx="1" /></svg>
            Apps
          </a>
          <a href=${hrefOf({ name: 'account' })} aria-current=${section === 'account' ? 'page' : 'false'}>
            <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true"><circle cx="8" cy="5.5" r="3" /><path d="M2.5 14c.8-2.6 3-4 5.5-4s4.7 1.4 5.5 4" /></svg>
            Account &amp; tokens
          </a>
        </div>
        <div class="who">
          <span class="name" dir="auto" title=${user.name || user.email}>${user.name || user.email}</span>
          ${user.name ? html`<span class="email" dir="auto" title=${user.email}>${user.email}</span>` : nothing}
          <button class="small logout" @click=${this.logout}>Log out</button>
        </div>
      </nav></aside>
      <main>${this.renderScreen()}</main>
    </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-admin': SvcAdmin
  }
}
