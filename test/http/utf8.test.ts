/**
 * UTF-8 end to end (docs/design.md rule 17): keys and values in Chinese, Arabic, Hindi, emoji and
 * combining marks go in through JSON, /form (urlencoded and multipart) and /batch, and come
 * back from /query, /summary, the help page and the CSV export: values byte-identical (a
 * decomposed "é" stays decomposed), keys in Unicode NFC, so a decomposed and a composed
 * spelling of one name are one field (issue 16).
 */
import { expect, test } from 'bun:test'
import { makeEndpoint } from '../support/records.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

const RECORD: Record<string, string> = {
  名字: '你好，世界',
  الاسم: 'مرحبا بالعالم',
  नाम: 'नमस्ते दुनिया',
  '🎉 emoji 👍🏽': '👩‍👩‍👧‍👦 🏳️‍🌈',
  'cafe\u0301': 'Z\u0351\u0352a\u0300\u0301 \u00e9 e\u0301',
}
/** The keys as stored: in NFC. */
const KEYS = Object.keys(RECORD).map((key) => key.normalize('NFC'))
/** The record as read back. */
const STORED: Record<string, string> = Object.fromEntries(
  Object.entries(RECORD).map(([key, value]) => [key.normalize('NFC'), value]),
)

test('every script round-trips through every way in and out', async () => {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const endpoint = await makeEndpoint(t.ctx, owner.user.id, { reads: 'records' })
  // Each way in from its own address: the public summary lists what enough clients gave.
  let client = 0
  const post = async (suffix: string, raw: BodyInit, contentType?: string) => {
    const res = await t.request('POST', endpoint.path(suffix), {
      raw,
      headers: contentType ? { 'content-type': contentType } : {},
      from: `10.0.0.${++client}`,
    })
    expect(res.body).toMatchObject({ code: 200 })
  }
  await post('', JSON.stringify({ data: RECORD }), 'application/json')
  await post('/form', new URLSearchParams(Object.entries(RECORD)))
  const multipart = new FormData()
  for (const [key, value] of Object.entries(RECORD)) multipart.append(key, value)
  await post('/form', multipart)
  await post('/batch', JSON.stringify([RECORD, { data: RECORD }]), 'application/json')
  await post('', JSON.stringify(RECORD), 'text/plain;charset=UTF-8')

  const query = await t.call('reads.query', { params: { token: endpoint.token } })
  expect(query.body.total).toBe(6)
  for (const record of query.body.records) {
    expect(Object.keys(record.data)).toEqual(KEYS)
    expect(record.data).toEqual(STORED)
  }
  // The bytes themselves, not \u escapes; the key normalised, the value not.
  for (const key of KEYS) {
    expect(query.text).toContain(`"${key}":"${STORED[key]}"`)
  }
  expect(query.text).toContain('"caf\u00e9":"Z\u0351\u0352a\u0300\u0301 \u00e9 e\u0301"')
  expect(query.text).not.toContain('"cafe\u0301"')

  // The keys came from an anonymous post: ?help and the public summary list them once the owner accepts them.
  const accepted = await t.call(
    'fields.accept',
    { params: { id: endpoint.appId }, body: { all: true } },
    { token: owner.token },
  )
  expect(accepted.body.data.fields.map((field: { name: string }) => field.name)).toEqual(KEYS)

  const summary = await t.call('reads.summary', { params: { token: endpoint.token } })
  expect(Object.keys(summary.body.fields)).toEqual(KEYS)
  for (const key of KEYS)
    expect(summary.body.fields[key]).toEqual({
      type: 'text',
      count: 6,
      missing: 0,
      top: [{ value: STORED[key], count: 6 }],
      other: 0,
    })
  const help = await t.request('GET', endpoint.path('?help'))
  for (const key of KEYS) expect(help.text).toContain(`| \`${key}\` | text | no |  | 6 |  |`)

  const csv = await t.app.handle(
    new Request(`http://localhost:8787/api/v3/apps/${endpoint.appId}/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    }),
  )
  const bytes = new Uint8Array(await csv.arrayBuffer())
  const lines = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true }).decode(bytes).split('\r\n')
  expect(lines[0]).toBe(`\uFEFFid,createdAt,${KEYS.join(',')},meta.source,meta.timestamp`)
  expect(lines.slice(1, -1).map((line) => line.split(',').slice(2, 2 + KEYS.length))).toEqual(
    Array.from({ length: 6 }, () => KEYS.map((key) => STORED[key])),
  )
  // Byte-level: the UTF-8 encoding of every key and value is in the file as is.
  const hex = Buffer.from(bytes).toString('hex')
  for (const text of [...KEYS, ...Object.values(STORED)])
    expect(hex).toContain(Buffer.from(text, 'utf8').toString('hex'))
})
