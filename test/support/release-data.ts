/**
 * @module The data a release leaves for the next one to open (scripts/release-fixture.ts
 * makes it, test/db/previous-release.test.ts opens it): an account with a password and an
 * access token, an app with fields of several types, a scale, a published endpoint, records
 * (one spam, one edited, one with a file). Made through the HTTP API of a running svc, so it
 * is what that release writes, whatever its schema.
 */
import { callServer, target } from './call.ts'

/** What the fixture holds, as the next release must find it. */
export interface ReleaseManifest {
  version: string
  /** The `SVC_SECRET` the data was made with; null where svc made its own (SQLite's secret.key). */
  secret: string | null
  email: string
  password: string
  token: string
  appId: string
  endpointToken: string
  fields: Array<{ name: string; type: string }>
  scales: string[]
  /** Every record, oldest first, spam included: id, data (the file as stored), spam. */
  records: Array<{ id: string; data: Record<string, unknown>; spam: boolean }>
  file: { id: string; sha256: string; bytes: string }
}

const FIELDS = [
  { name: 'email', type: 'email' },
  { name: 'age', type: 'number' },
  { name: 'plan', type: 'choice', options: ['free', 'pro'] },
  { name: 'happy', type: 'boolean' },
  { name: 'q1', type: 'number' },
  { name: 'cv', type: 'file' },
] as const

async function ok<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`)
  return body
}

/** Fills the svc at `url` (a new database) with the release's data; returns its manifest. */
export async function fillRelease(url: string, version: string, secret: string | null): Promise<ReleaseManifest> {
  const email = 'owner@example.com'
  const password = 'a long release password'
  const signup = await ok(callServer(url, 'auth.signup', { body: { email, password, tokenName: 'release' } }), 'signup')
  const token = signup.data.token!.token
  const as = { token }
  const app = await ok(callServer(url, 'apps.create', { body: { name: 'Release check' } }, as), 'app')
  const appId = app.data.id
  for (const field of FIELDS)
    await ok(callServer(url, 'fields.add', { params: { id: appId }, body: { ...field } as never }, as), field.name)
  await ok(
    callServer(
      url,
      'scales.add',
      { params: { id: appId }, body: { key: 'score', name: 'Score', items: [{ field: 'q1' }] } as never },
      as,
    ),
    'scale',
  )
  const published = await ok(callServer(url, 'share.publish', { params: { id: appId } }, as), 'publish')
  const endpointToken = published.data.token!
  const post = (body: Record<string, unknown>) =>
    ok(callServer(url, 'ingest.post', { params: { token: endpointToken }, body: body as never }), 'post')
  await post({ email: 'ada@example.com', age: 36, plan: 'pro', happy: true, q1: 4 })
  await post({ email: 'bob@example.com', age: 41, plan: 'free', happy: false, q1: 2 })
  await post({ email: 'spam@example.com', age: 1, plan: 'free', q1: 1 })
  const form = new FormData()
  form.append('email', 'carol@example.com')
  form.append('q1', '5')
  const bytes = '%PDF-1.4\n% the release fixture\n%%EOF\n'
  form.append('cv', new Blob([bytes]), 'cv.pdf')
  const multipart = await fetch(`${url}${target('ingest.form', { params: { token: endpointToken } }).path}`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  })
  if (!multipart.ok) throw new Error(`file post: ${multipart.status} ${await multipart.text()}`)
  const list = async () =>
    (
      (await ok(
        callServer(url, 'records.list', { params: { id: appId }, query: { spam: 'include', order: 'asc' } }, as),
        'records',
      )) as { records: Array<{ id: string; data: Record<string, unknown>; spam?: boolean }> }
    ).records
  const [first, , spam] = await list()
  await ok(callServer(url, 'records.spam', { params: { id: appId }, body: { ids: [spam.id], spam: true } }, as), 'spam')
  await ok(
    callServer(url, 'records.update', { params: { id: appId, recordId: first.id }, body: { data: { age: 37 } } }, as),
    'edit',
  )
  const records = (await list()).map((record) => ({ id: record.id, data: record.data, spam: record.spam === true }))
  const cv = records[3].data.cv as { id: string; sha256: string }
  return {
    version,
    secret,
    email,
    password,
    token,
    appId,
    endpointToken,
    fields: FIELDS.map(({ name, type }) => ({ name, type })),
    scales: ['score'],
    records,
    file: { id: cv.id, sha256: cv.sha256, bytes },
  }
}
