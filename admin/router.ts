/**
 * @module Hash routes of the admin page. The hash keeps the page one static file and makes
 * the editor and data URLs the server prints (`/admin/#/apps/<id>/data`) deep links.
 */

/** The app screen's tabs, in the order they are shown. */
export const APP_TABS = ['setup', 'data', 'summary', 'scales', 'report', 'expert', 'style'] as const
export type AppTab = (typeof APP_TABS)[number]

export type Route =
  | { name: 'login'; next: string | null }
  | { name: 'apps' }
  | { name: 'app'; appId: string; tab: AppTab }
  | { name: 'account' }
  | { name: 'invitation'; token: string }
  | { name: 'not-found'; hash: string }

/** Parses a location hash such as `#/apps/0190…/data` into a route. */
export function parseRoute(hash: string): Route {
  const [path, query = ''] = hash.replace(/^#/, '').split('?', 2)
  const parts = path.split('/').filter(Boolean).map(safeDecode)
  if (parts.length === 0) return { name: 'apps' }
  const [head, appId, tab, extra] = parts
  if (head === 'login' && parts.length === 1) {
    const next = new URLSearchParams(query).get('next')
    return { name: 'login', next: next && isInternalHash(next) ? next : null }
  }
  if (head === 'account' && parts.length === 1) return { name: 'account' }
  if (head === 'invitation' && parts.length === 2) return { name: 'invitation', token: appId }
  if (head === 'apps') {
    if (!appId) return { name: 'apps' }
    if (extra === undefined && (tab === undefined || (APP_TABS as readonly string[]).includes(tab))) {
      return { name: 'app', appId, tab: (tab as AppTab | undefined) ?? 'setup' }
    }
  }
  return { name: 'not-found', hash }
}

/** The hash of a route, the inverse of parseRoute. */
export function hrefOf(route: Route): string {
  switch (route.name) {
    case 'login':
      return route.next ? `#/login?next=${encodeURIComponent(route.next)}` : '#/login'
    case 'apps':
      return '#/apps'
    case 'account':
      return '#/account'
    case 'invitation':
      return `#/invitation/${encodeURIComponent(route.token)}`
    case 'app':
      return `#/apps/${encodeURIComponent(route.appId)}${route.tab === 'setup' ? '' : `/${route.tab}`}`
    case 'not-found':
      return route.hash
  }
}

/** Moves to a route; the hashchange listener renders it. */
export function navigate(route: Route, { replace = false } = {}): void {
  const href = hrefOf(route)
  if (replace) history.replaceState(null, '', href)
  else location.hash = href
  if (replace) window.dispatchEvent(new HashChangeEvent('hashchange'))
}

/** A `next` target must be one of our own hash routes, never a URL elsewhere. */
function isInternalHash(value: string): boolean {
  return value.startsWith('#/') && !value.startsWith('#/login')
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
