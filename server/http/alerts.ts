/**
 * @module The revoke link of the account alert mails (`alerts.*` of the route table;
 * core/auth/revoke-link.ts). GET shows the tokens the link names and one button, so a mail
 * scanner following links revokes nothing; POST (the button) revokes them. No login: the
 * link is signed, and it only ever revokes (it sets no cookie and ends no session).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import { escapeHtml } from '../contract/help/markdown.ts'
import type { TokenRef } from '../core/auth/alert-types.ts'
import { revokeByLink, tokensOfLink } from '../core/auth/revoke-link.ts'
import { page } from './notifications.ts'

const invalid = () =>
  page(
    'Link not valid',
    '<p>This revoke link is not valid or has expired (links work for 7 days). Revoke tokens in the admin page, under Account.</p>',
    404,
  )

const list = (tokens: TokenRef[]) =>
  `<ul>${tokens.map((token) => `<li>“${escapeHtml(token.name)}” (<code>${escapeHtml(token.prefix)}…</code>)</li>`).join('')}</ul>`

export const alertRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/alerts' })
    .get(pathOf('alerts.revokePage'), async ({ params }) => {
      const tokens = await tokensOfLink(ctx, params.link)
      if (!tokens) return invalid()
      if (tokens.length === 0)
        return page('Nothing to revoke', '<p>The access tokens this link names are already revoked.</p>')
      return page(
        tokens.length === 1 ? 'Revoke this access token?' : `Revoke these ${tokens.length} access tokens?`,
        `${list(tokens)}<p>Whatever uses ${tokens.length === 1 ? 'it' : 'them'} stops working. Nothing else changes.</p>` +
          `<form method="post"><button type="submit">Revoke</button></form>`,
      )
    })
    .post(pathOf('alerts.revoke'), async ({ params }) => {
      const revoked = await revokeByLink(ctx, params.link)
      if (!revoked) return invalid()
      if (revoked.length === 0)
        return page('Nothing to revoke', '<p>The access tokens this link names are already revoked.</p>')
      return page(
        'Revoked',
        `${list(revoked)}<p>${revoked.length === 1 ? 'This token no longer works' : 'These tokens no longer work'}. ` +
          'If someone else had them, change your password in the admin page too.</p>',
      )
    })
