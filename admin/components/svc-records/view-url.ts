/**
 * @module The Data tab's filter in the page's address (`#/apps/<id>/data?filter=…`), so a
 * reload or a link shared with a colleague opens the same records. Written with
 * replaceState: a filter change is no new step for the Back button, and the router (which
 * reads only the hash's path for an app) renders nothing again.
 */
import { hrefOf } from '../../router.ts'

/** The filter of the current address ('' for none). */
export function filterInAddress(): string {
  const query = location.hash.split('?', 2)[1] ?? ''
  return new URLSearchParams(query).get('filter') ?? ''
}

/** Puts `filter` into the address of the app's Data tab ('' takes it out). */
export function setFilterInAddress(appId: string, filter: string): void {
  const base = hrefOf({ name: 'app', appId, tab: 'data' })
  const href = filter ? `${base}?${new URLSearchParams({ filter })}` : base
  if (location.hash !== href) history.replaceState(history.state, '', href)
}
