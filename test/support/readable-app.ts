/**
 * @module The owner's side of a test server over real HTTP: a published app whose records
 * anyone with the endpoint token may read, for the tests that then read it as strangers.
 */
import { expect } from 'bun:test'
import { callServer, target } from './call.ts'

export interface ReadableApp {
  id: string
  /** The endpoint's token. */
  token: string
  /** `<server>/api/v3/share/<token>` */
  endpoint: string
}

/** Makes, publishes and opens for reads an app named `name` on the server at `url`, as the holder of `accessToken`. */
export async function readableApp(url: string, accessToken: string, name: string): Promise<ReadableApp> {
  const options = { token: accessToken }
  const made = await callServer(url, 'apps.create', { body: { name } }, options)
  expect(made.status).toBe(200)
  const id = made.body.data.id
  const share = await callServer(url, 'share.publish', { params: { id } }, options)
  expect(share.status).toBe(200)
  const token = share.body.data.token!
  expect((await callServer(url, 'share.update', { params: { id }, body: { reads: 'records' } }, options)).status).toBe(
    200,
  )
  return { id, token, endpoint: `${url}${target('ingest.post', { params: { token } }).path}` }
}
