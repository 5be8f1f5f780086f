/**
 * Conditional questions at every ingest route (ingest.post, ingest.form, ingest.batch and the
 * fill-in page's post): a required question is required only when the rules ask it, and the
 * answers to questions they hide are dropped from the stored record, whatever was sent.
 */
import { describe, expect, test } from 'bun:test'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { target } from '../support/call.ts'

const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' }

/** likes (yes/no, required); why (required), asked when likes is No; more, asked when why was answered. */
async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    fields: [
      { name: 'likes', type: 'boolean', required: true, label: 'Do you like it?' },
      {
        name: 'why',
        required: true,
        label: 'Why not?',
        showIf: { all: [{ field: 'likes', op: 'eq', value: false }] },
      },
      { name: 'more', type: 'longtext', showIf: { all: [{ field: 'why', op: 'answered' }] } },
    ],
  })
  const params = { params: { token: endpoint.token } }
  const stored = async () => (await storedRecords(t.ctx, endpoint.appId)).map((record) => record.data)
  return { t, endpoint, params, stored }
}

const WHY_MISSING = {
  code: 422,
  error: {
    type: 'invalid_value',
    message: 'why: is required',
    details: { problems: [{ path: 'why', message: 'is required' }] },
  },
}

describe('conditional questions at ingest', () => {
  test('ingest.post: hidden answers are dropped (through a chain), and a question is required only when asked', async () => {
    const { t, params, stored } = await setup()
    const yes = await t.call('ingest.post', { ...params, body: { likes: true, why: 'too slow', more: 'really' } })
    expect(yes.status).toBe(200)
    const missing = await t.call('ingest.post', { ...params, body: { likes: false, more: 'ignored' } })
    expect([missing.status, missing.body as unknown]).toEqual([422, WHY_MISSING])
    const no = await t.call('ingest.post', { ...params, body: { data: { likes: false, why: 'slow', more: 'much' } } })
    expect(no.status).toBe(200)
    // A hidden question's answer is dropped even when it would be refused.
    expect((await t.call('ingest.post', { ...params, body: { likes: true, why: 42 } })).status).toBe(200)
    expect(await stored()).toEqual([{ likes: true }, { likes: false, why: 'slow', more: 'much' }, { likes: true }])
  })

  test('ingest.form: the same, from form text read by type', async () => {
    const { t, params, stored } = await setup()
    const form = (body: string) => t.call('ingest.form', params, { raw: body, headers: URLENCODED })
    expect((await form('likes=yes&why=x&more=y')).status).toBe(200)
    const missing = await form('likes=no&why=')
    expect(missing.status).toBe(422)
    expect((await form('likes=no&why=Too+dear')).status).toBe(200)
    expect(await stored()).toEqual([{ likes: true }, { likes: false, why: 'Too dear' }])
  })

  test('ingest.batch: each record by its own answers; a required question asked and missing fails the batch', async () => {
    const { t, params, stored } = await setup()
    const refused = await t.call('ingest.batch', { ...params, body: [{ likes: true, why: 'x' }, { likes: false }] })
    expect([refused.status, refused.body as unknown]).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'invalid_value',
          message: 'Record 1 of the batch: why: is required; nothing was stored',
          details: { index: 1, problems: [{ path: 'why', message: 'is required' }] },
        },
      },
    ])
    expect(await stored()).toEqual([])
    const ok = await t.call('ingest.batch', {
      ...params,
      body: [
        { likes: true, why: 'x', more: 'y' },
        { likes: false, why: 'z' },
      ],
    })
    expect(ok.status).toBe(200)
    expect(await stored()).toEqual([{ likes: true }, { likes: false, why: 'z' }])
  })

  test('the fill-in page: a question asked and missing is shown again to fix; hidden answers are dropped', async () => {
    const { t, endpoint, stored } = await setup()
    const post = (body: string, json = false) =>
      t.request('POST', `/f/${endpoint.token}`, {
        raw: body,
        headers: { ...URLENCODED, ...(json ? { accept: 'application/json' } : {}) },
      })
    const refused = await post('likes=false&why=')
    expect(refused.status).toBe(422)
    expect(refused.text).toContain('<li><a href="#q1">Why not? Enter an answer</a></li>')
    const json = await post('likes=false', true)
    expect([json.status, json.body]).toEqual([422, WHY_MISSING])
    expect((await post('likes=true&why=not+asked&more=nor+this')).status).toBe(303)
    expect(await stored()).toEqual([{ likes: true }])
  })

  test('?help says when each question is asked and what a condition does to a submission', async () => {
    const { t, endpoint } = await setup()
    const help = (await t.request('GET', `${target('ingest.post', { params: { token: endpoint.token } }).path}?help`))
      .text
    expect(help).toContain(
      [
        'How the fields are asked:',
        '- `why`: asked only when `likes is false`',
        '- `more`: asked only when `why is answered`',
        '',
        'A field asked only on a condition (`showIf`, on earlier answers: `eq`, `ne`, `in`, `contains`, `gt`, `lt`, `answered`, `unanswered`) is required only when the condition holds, and when it does not, its answer is dropped from the stored record whatever was sent, so the record holds what the respondent was asked; a question not asked counts as unanswered for the conditions after it.',
        '',
      ].join('\n'),
    )
    // The snippet shows every question; one asked on a condition is not marked required.
    expect(help).toContain('  <label>Why not? <input name="why"></label>\n')
  })
})
