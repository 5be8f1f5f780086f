/**
 * @module E-mail notifications to an app's owner (`notifications.*` and `unsubscribe.*` of
 * the route table, server/contract/api/webhooks.ts; core/webhooks/notifications.ts): the
 * owner's switch, and the unsubscribe link every mail carries (no login: the link's token
 * is a MAC of the subscription). GET shows one button, so a mail scanner following links
 * unsubscribes nobody; POST (the button, or a mail client's one-click List-Unsubscribe-Post)
 * switches the mails off. Both answer a small HTML page (404 for a link that is not valid).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { escapeHtml } from '../contract/help/markdown.ts'
import { getNotifications, setNotifications, unsubscribe } from '../core/webhooks/notifications.ts'
import { authGuard } from './auth-guard.ts'

/** A small self-contained page (no script): the only thing a mail's link shows (also the account alerts' revoke link). */
export function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1d1d1f}button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1d1d1f;background:#1d1d1f;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}

const invalid = () =>
  page(
    'Link not valid',
    "<p>This unsubscribe link is not valid. Switch notifications off in the admin page, on the app's Setup tab.</p>",
    404,
  )

export const notificationRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/notifications' })
    .use(authGuard(ctx))
    .get(
      pathOf('notifications.get'),
      async ({ principal, params }) => ({ code: 200, data: await getNotifications(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .put(
      pathOf('notifications.set'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await setNotifications(ctx, principal.user.id, params.id, body.enabled),
      }),
      {
        auth: true,
        body: OPERATIONS['notifications.set'].body,
      },
    )
    .get(pathOf('unsubscribe.page'), async ({ params }) => {
      const [appId, id, mac] = params.token.split('.')
      if (!appId || !id || !mac) return invalid()
      return page(
        'Stop notification e-mails?',
        `<p>You get an e-mail about each new record of this app.</p><form method="post"><button type="submit">Stop these e-mails</button></form>`,
      )
    })
    .post(pathOf('unsubscribe.confirm'), async ({ params }) => {
      const done = await unsubscribe(ctx, params.token)
      if (!done) return invalid()
      return page(
        'Unsubscribed',
        `<p>You will get no more e-mails about new records of “${escapeHtml(done.appName)}”. Switch them on again on the app's Setup tab.</p>`,
      )
    })
