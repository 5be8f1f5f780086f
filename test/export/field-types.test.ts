/**
 * The cells of the newer field types in the exports: texts as text (a phone number's leading
 * `+` neutralised unless raw), points as numbers, and a consent as the text agreed to (its
 * JSON Lines line holds the stored `{agreed, text}`).
 */
import { expect, test } from 'bun:test'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { target } from '../support/call.ts'
import { testApp } from '../support/http.ts'

const LIKERT = ['Disagree', 'Neutral', 'Agree']
const TERMS = 'I agree to the terms, version 2'

test('CSV: each type its cell, a consent the text agreed to; ?raw=1 keeps text as typed; JSON Lines as stored', async () => {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    fields: [
      { name: 'phone', type: 'phone' },
      { name: 'site', type: 'url' },
      { name: 'at', type: 'time' },
      { name: 'when', type: 'datetime' },
      { name: 'nps', type: 'nps' },
      { name: 'stars', type: 'rating', max: 10 },
      { name: 'view', type: 'likert', options: LIKERT },
      { name: 'terms', type: 'consent', label: TERMS },
    ],
  })
  const data = {
    phone: '+44 20 7946 0958',
    site: 'https://example.com/a,b',
    at: '09:30',
    when: '2026-01-31T09:30',
    nps: 9,
    stars: 7,
    view: 'Agree',
    terms: true,
  }
  const posted = await t.call('ingest.post', { params: { token: endpoint.token }, body: data })
  expect(posted.status).toBe(200)
  const { id } = posted.body.data
  const owner = { token: endpoint.ownerToken }
  const record = (await t.call('records.get', { params: { id: endpoint.appId, recordId: id } }, owner)).body.data
  const stored = { ...data, terms: { agreed: true, text: TERMS } }
  expect(record.data).toEqual(stored)

  const download = async (route: { path: string }) =>
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await (
        await t.app.handle(
          new Request(`http://localhost:8787${route.path}`, { headers: { authorization: `Bearer ${owner.token}` } }),
        )
      ).arrayBuffer(),
    )
  const params = { id: endpoint.appId }
  const header = '\uFEFFid,createdAt,phone,site,at,when,nps,stars,view,terms,meta.source,meta.timestamp\r\n'
  const cells = (phone: string) =>
    `${id},${record.createdAt},${phone},"https://example.com/a,b",09:30,2026-01-31T09:30,9,7,Agree,"${TERMS}",,\r\n`
  expect(await download(target('records.exportCsv', { params }))).toBe(`${header}${cells(`"'+44 20 7946 0958"`)}`)
  expect(await download(target('records.exportCsv', { params, query: { raw: '1' } }))).toBe(
    `${header}${cells('+44 20 7946 0958')}`,
  )
  const jsonl = await download(target('records.exportJsonl', { params }))
  expect(JSON.parse(jsonl.trim()).data).toEqual(stored)
})
