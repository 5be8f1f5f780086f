/**
 * @module The part of the new-token form that limits what a token may do: its scopes (all
 * ticked to begin with), its apps (all of the account's, or only those ticked) and its
 * lifetime (30, 90 or 365 days, or never — with a warning). Rendered inside the caller's
 * form, so the form's data carries them; `limitsOf` reads them back for `tokens.create`.
 */
import { html, nothing } from 'lit'
import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from '../../../server/contract/access/roles.ts'
import type { App } from '../../api.ts'

const DAY = 86_400_000

/** The lifetimes offered, in days; `never` is the last choice. */
export const LIFETIMES = [30, 90, 365] as const
const DEFAULT_LIFETIME = '90'

export interface LimitChoices {
  /** True when "only these apps" is chosen. */
  someApps: boolean
  /** True when "never" is chosen: the warning shows. */
  never: boolean
}

/** The scope, app and lifetime fields; `changed` is called when a choice that changes the form is made. */
export function limitFields(apps: App[] | null, choices: LimitChoices, changed: (form: HTMLFormElement) => void) {
  const onChange = (event: Event) => changed((event.target as HTMLInputElement).form!)
  return html`<fieldset class="scopes">
      <legend>What it may do</legend>
      ${SCOPES.map(
        (scope) => html`<label class="check">
          <input type="checkbox" name="scope" value=${scope} checked />
          <span><code>${scope}</code> <span class="hint">${SCOPE_DESCRIPTIONS[scope]}</span></span>
        </label>`,
      )}
    </fieldset>
    <fieldset class="apps" @change=${onChange}>
      <legend>Which apps</legend>
      <label class="check"><input type="radio" name="appsChoice" value="all" ?checked=${!choices.someApps} />
        <span>All my apps, also those made later</span></label>
      <label class="check"><input type="radio" name="appsChoice" value="some" ?checked=${choices.someApps} />
        <span>Only these</span></label>
      ${choices.someApps ? appChecks(apps) : nothing}
    </fieldset>
    <label>Expires
      <select name="expires" @change=${onChange}>
        ${LIFETIMES.map(
          (days) => html`<option value=${days} ?selected=${String(days) === DEFAULT_LIFETIME}>in ${days} days</option>`,
        )}
        <option value="never">never</option>
      </select>
    </label>
    ${
      choices.never
        ? html`<p class="warning" role="status">A token that never expires works until you revoke it: anyone who finds it in a
          log or an old CI setting can use it. Prefer a lifetime and make a new token when it runs out.</p>`
        : nothing
    }`
}

function appChecks(apps: App[] | null) {
  if (apps === null) return html`<p class="hint">Loading your apps…</p>`
  if (apps.length === 0) return html`<p class="hint">You have no apps yet: choose all apps.</p>`
  return html`<div class="app-checks">
    ${apps.map(
      (app) => html`<label class="check"><input type="checkbox" name="app" value=${app.id} />
        <span dir="auto">${app.name}</span></label>`,
    )}
  </div>`
}

/** What the form's choices make of `form`, for the next render. */
export const choicesOf = (form: HTMLFormElement): LimitChoices => {
  const data = new FormData(form)
  return { someApps: data.get('appsChoice') === 'some', never: data.get('expires') === 'never' }
}

/** The limits the form asks for, as `tokens.create` takes them. */
export function limitsOf(form: FormData, now: number): { scopes: Scope[]; apps?: string[]; expiresAt: string | null } {
  const scopes = form.getAll('scope').map(String) as Scope[]
  const expires = String(form.get('expires') ?? DEFAULT_LIFETIME)
  const expiresAt = expires === 'never' ? null : new Date(now + Number(expires) * DAY).toISOString()
  if (form.get('appsChoice') !== 'some') return { scopes, expiresAt }
  return { scopes, apps: form.getAll('app').map(String), expiresAt }
}
