/**
 * @module The few control-plane calls a benchmark needs: an account, an app, its endpoint.
 */

/** Sends one request and returns its JSON answer, read as `T` (the caller knows the route's shape); throws unless 200. */
async function call<T = Record<string, unknown>>(
  url: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<T> {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  const res = await fetch(url, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
  const body: unknown = await res.json()
  if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${JSON.stringify(body)}`)
  return body as T
}

/** Signs up (first account) and returns an access token. */
export async function signup(base: string): Promise<string> {
  const body = await call<{ data: { token: { token: string } } }>(`${base}/api/v3/auth/signup`, {
    method: 'POST',
    json: { email: `bench${Date.now()}@example.com`, password: 'benchmark password', tokenName: 'bench' },
  })
  return body.data.token.token
}

/** Creates and publishes an app with reads open (the benchmarks read /query and /summary with the link alone); returns its id and endpoint URL. */
export async function publishedApp(
  base: string,
  token: string,
  name = 'bench',
): Promise<{ id: string; endpoint: string }> {
  const app = await call<{ data: { id: string } }>(`${base}/api/v3/apps`, { method: 'POST', token, json: { name } })
  await call(`${base}/api/v3/apps/${app.data.id}/share`, { method: 'PATCH', token, json: { reads: 'records' } })
  const share = await call<{ data: { endpoint: string } }>(`${base}/api/v3/apps/${app.data.id}/share/publish`, {
    method: 'POST',
    token,
  })
  return { id: app.data.id, endpoint: share.data.endpoint }
}

export { call }
