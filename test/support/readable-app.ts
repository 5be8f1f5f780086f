/**
 * @module The owner's side of a test server over real HTTP: a published app whose records
 * anyone with the endpoint token may read, for the tests that then read it as strangers.
 */
import { expect } from 'bun:test'

export interface ReadableApp {
  id: string
  /** The endpoint's token. */
  token: string
  /** `<server>/api/v3/share/<token>` */
  endpoint: string
}

/** Makes, publishes and opens for reads an app named `name` on the server at `url`, as the holder of `accessToken`. */
export async function readableApp(url: string, accessToken: string, name: string): Promise<ReadableApp> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: T }).data
  }
  const made = await call<{ id: string }>('POST', '/api/v3/apps', { name })
  const share = await call<{ token: string }>('POST', `/api/v3/apps/${made.id}/share/publish`)
  await call('PATCH', `/api/v3/apps/${made.id}/share`, { reads: 'records' })
  return { id: made.id, token: share.token, endpoint: `${url}/api/v3/share/${share.token}` }
}
