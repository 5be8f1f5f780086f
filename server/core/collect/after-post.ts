/**
 * @module Where a browser goes after posting a form to an endpoint (`/form`): an allowed
 * `_redirect`, else the owner's thank-you URL, else svc's hosted thank-you page. A
 * `_redirect` the owner has not allowed is not followed, and said so, never dropped in
 * silence.
 */
import { allowedRedirect } from './form.ts'

export interface AfterPost {
  /** Where to send the browser; null for the hosted thank-you page. */
  location: string | null
  /** The `_redirect` that was refused, when one was sent and its origin is not allowed. */
  refused: string | null
}

/** Decides where a form post leads (see the module comment). */
export function afterFormPost(
  redirect: string | null,
  redirectOrigins: readonly string[],
  thankYouUrl: string | null,
): AfterPost {
  const allowed = allowedRedirect(redirect, redirectOrigins)
  return { location: allowed ?? thankYouUrl, refused: redirect && !allowed ? redirect : null }
}

/** What a JSON answer says of a refused `_redirect` (`details.redirect`). */
export const refusedRedirectNote = (target: string): string =>
  `_redirect ${target} was not followed: its origin is not one of the endpoint's allowed redirect origins (share settings: redirectOrigins)`
