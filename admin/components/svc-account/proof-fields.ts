/**
 * @module The form fields that prove the owner is at the keyboard before a new e-mail, a
 * new password or (from an old session) a new access token: the current password, or for
 * accounts without one a code mailed to the current address with the button that mails it.
 * Rendered inside the caller's own form, so the form's data carries them.
 */
import { html, nothing } from 'lit'
import type { ReauthProof } from '../../api.ts'

/** How the account proves itself, as the server's `reauth_required` names it. */
export type ProofMethod = 'password' | 'code'

/** The proof fields; `why` ends the password label, e.g. "to change the e-mail". */
export function proofFields(method: ProofMethod, email: string, why: string, codeSent: boolean, mailCode: () => void) {
  if (method === 'password') {
    return html`<label>Current password <span class="hint">${why}</span>
      <input name="currentPassword" type="password" autocomplete="current-password" required />
    </label>`
  }
  return html`<div class="proof-code">
    <label>Code from the e-mail to ${email} <span class="hint">${why}</span>
      <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" required />
    </label>
    <div class="row">
      <button class="small" type="button" @click=${mailCode}>${codeSent ? 'Mail another code' : 'Mail me a code'}</button>
      ${codeSent ? html`<span class="hint" role="status">Code sent to ${email}</span>` : nothing}
    </div>
  </div>`
}

/** The proof a submitted form carries (only the fields it has and that are filled in). */
export function proofOf(form: FormData): ReauthProof {
  const currentPassword = form.get('currentPassword')
  const code = form.get('code')
  return {
    ...(typeof currentPassword === 'string' && currentPassword !== '' ? { currentPassword } : {}),
    ...(typeof code === 'string' && code.trim() !== '' ? { code: code.trim() } : {}),
  }
}
