/**
 * @module The page behind the link an e-mail change sends to the new address. Opening the
 * link only shows a button: mail scanners that fetch every link must not confirm a change
 * for the reader, so the change is made by the button's POST.
 */
import { DEFAULT_THEME } from '../contract/connect/schemas.ts'
import { html } from './html.ts'
import { document } from './layout.ts'

/** The confirmation page: who changes to what, and the button that does it. */
export function emailConfirmDocument(action: string, token: string, email: string, newEmail: string): string {
  return document({
    title: 'Confirm your new e-mail address',
    theme: DEFAULT_THEME,
    body: html`<h1>Confirm your new e-mail address</h1>
<p>The svc account ${email} will use ${newEmail} from now on: login codes and notices go there.</p>
<form method="post" action="${action}">
<input type="hidden" name="token" value="${token}">
<button type="submit">Use ${newEmail}</button>
</form>`,
  })
}
