/**
 * Hidden fields, prefill and UTM parameters: a hidden field is never asked, the link's query
 * fills it (and a prefill field), its utm_* parameters reach the record's `meta.utm`, and a
 * bad value for a hidden field is dropped and named in `meta.dropped` instead of refused.
 */
import { describe, expect, test } from 'bun:test'
import { invalid } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const as = { token: owner.token }
  const appId: string = (await t.call('apps.create', { body: { name: 'Newsletter' } }, as)).body.data.id
  const add = (body: Record<string, unknown>) =>
    t.call('fields.add', { params: { id: appId }, body: invalid(body) }, as)
  await add({ name: 'name', label: 'Your name', required: true })
  await add({ name: 'source', hidden: true, required: true, rules: { maxLength: 20 } })
  await add({ name: 'ref', type: 'number', hidden: true })
  await add({ name: 'email', type: 'email', prefill: true })
  const token: string = (await t.call('share.publish', { params: { id: appId } }, as)).body.data.token!
  const records = async () =>
    (await t.call('records.list', { params: { id: appId } }, as)).body.records.map(({ data, meta }) => ({ data, meta }))
  return { t, token, records }
}

describe('a link to the fill-in page', () => {
  test('fills hidden fields as hidden inputs, a prefill field as its value, and carries UTM parameters', async () => {
    const { t, token } = await setup()
    const res = await t.request(
      'GET',
      `/f/${token}?source=newsletter&ref=42&email=ada@example.com&name=Eve&utm_source=nl&utm_campaign=spring`,
    )
    expect(res.status).toBe(200)
    const html = res.text
    expect(html).toContain(
      '<input type="hidden" name="source" value="newsletter"><input type="hidden" name="ref" value="42"><input type="hidden" name="_utm_source" value="nl"><input type="hidden" name="_utm_campaign" value="spring">',
    )
    expect(html).toContain('<input id="q1" type="email" name="email" value="ada@example.com"')
    // Only fields with prefill take their value from the link.
    expect(html).toContain('<input id="q0" type="text" name="name" value=""')
    // Hidden fields are no question: two questions, q0 and q1.
    expect(html).not.toContain('data-field="source"')
    expect(html).not.toContain('id="q2"')
  })

  test('without a query, hidden fields get no input and are not required', async () => {
    const { t, token, records } = await setup()
    const html = (await t.request('GET', `/f/${token}`)).text
    // The one hidden input is the page stamp (spamRules.minSeconds), no field's.
    expect(html.match(/<input type="hidden" name="[^"]*"/g)).toEqual(['<input type="hidden" name="_loaded"'])
    const res = await t.request('POST', `/f/${token}`, { raw: 'name=Ada', headers: FORM })
    expect(res.status).toBe(303)
    expect(await records()).toEqual([{ data: { name: 'Ada' }, meta: {} }])
  })
})

describe('posting the hidden values', () => {
  test("the page's post stores them, and the UTM parameters in meta.utm", async () => {
    const { t, token, records } = await setup()
    const res = await t.request('POST', `/f/${token}`, {
      raw: 'name=Ada&source=newsletter&ref=42&email=ada@example.com&_utm_source=nl&_utm_campaign=spring',
      headers: FORM,
    })
    expect(res.status).toBe(303)
    expect(await records()).toEqual([
      {
        data: { name: 'Ada', source: 'newsletter', ref: 42, email: 'ada@example.com' },
        meta: { utm: { source: 'nl', campaign: 'spring' } },
      },
    ])
  })

  test('a bad hidden value is dropped and named in meta.dropped, on the page and on ingest.post', async () => {
    const { t, token, records } = await setup()
    const page = await t.request('POST', `/f/${token}`, {
      raw: `name=Ada&source=${'x'.repeat(21)}&ref=forty-two`,
      headers: FORM,
    })
    expect(page.status).toBe(303)
    const json = await t.call('ingest.post', { params: { token }, body: { name: 'Bob', ref: 'x', source: 'ad' } })
    expect(json.status).toBe(200)
    expect(await records()).toEqual([
      { data: { name: 'Ada' }, meta: { dropped: ['source', 'ref'] } },
      { data: { name: 'Bob', source: 'ad' }, meta: { dropped: ['ref'] } },
    ])
  })

  test('a JSON record may carry meta.utm; one that is not the UTM keys is a 400', async () => {
    const { t, token, records } = await setup()
    const ok = await t.call('ingest.post', {
      params: { token },
      body: { data: { name: 'Ada' }, meta: { utm: { source: 'nl', medium: '' } } },
    })
    expect(ok.status).toBe(200)
    const bad = await t.call('ingest.post', {
      params: { token },
      body: invalid({ data: { name: 'Bob' }, meta: { utm: { channel: 'x' } } }),
    })
    const message =
      'meta.utm must be an object of source, medium, campaign, term, content with text values of at most 200 characters; channel is not'
    expect<unknown>([bad.status, bad.body]).toEqual([
      400,
      {
        code: 400,
        error: { type: 'bad_request', message, details: { problems: [{ path: 'meta', message }] } },
      },
    ])
    expect(await records()).toEqual([{ data: { name: 'Ada' }, meta: { utm: { source: 'nl' } } }])
  })

  test('a refused post shows the form again with its hidden values and UTM pairs', async () => {
    const { t, token } = await setup()
    const res = await t.request('POST', `/f/${token}`, {
      raw: 'name=&source=newsletter&_utm_medium=email',
      headers: FORM,
    })
    expect(res.status).toBe(422)
    expect(res.text).toContain(
      '<input type="hidden" name="source" value="newsletter"><input type="hidden" name="_utm_medium" value="email">',
    )
    expect(res.text).toContain('<li><a href="#q0">Your name: Enter an answer</a></li>')
  })
})
