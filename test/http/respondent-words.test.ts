/**
 * What a respondent reads when answers are refused, on the pages a browser's own post lands
 * on (the refusal page of `/form`, the fill-in page sent back without JavaScript), for every
 * field type and every kind of problem: a required answer left out, an answer the type
 * refuses, and refusals of the whole post. Programs posting the same bodies keep the precise
 * messages of the JSON answers.
 */
import { describe, expect, test } from 'bun:test'
import { FIELD_TYPES, fieldTypeSpec, type FieldType } from '../../server/contract/fields/types/index.ts'
import { REFUSAL_WORDS } from '../../server/pages/respondent-words.ts'
import { makeEndpoint, storedRecords, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'

const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' }
/** A browser posting the form itself. */
const NAVIGATE = { ...URLENCODED, 'sec-fetch-mode': 'navigate', accept: 'text/html' }
const JSON_ANSWER = { ...URLENCODED, accept: 'application/json' }
const OPTIONS = ['Red', 'Green']

/** A body each type refuses (as a form sends it), and the precise message programs get for it. */
const REFUSED: Record<FieldType, { body: string; precise: string }> = {
  text: { body: 'answer=one&answer=two', precise: 'must be text, got an array' },
  longtext: { body: 'answer=one&answer=two', precise: 'must be text, got an array' },
  number: { body: 'answer=lots', precise: 'must be a number, got string "lots"' },
  boolean: { body: 'answer=maybe', precise: 'must be true or false, got string "maybe"' },
  choice: { body: 'answer=Purple', precise: 'must be one of "Red", "Green", got "Purple"' },
  multichoice: { body: 'answer=Purple', precise: '"Purple" is not an option; options are "Red", "Green"' },
  likert: { body: 'answer=Purple', precise: 'must be one of "Red", "Green", got "Purple"' },
  rating: { body: 'answer=6', precise: 'must be a whole number from 1 to 5, got number 6' },
  nps: { body: 'answer=11', precise: 'must be a whole number from 0 to 10, got number 11' },
  date: {
    body: 'answer=31%2F01%2F2026',
    precise: 'must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got string "31/01/2026"',
  },
  time: {
    body: 'answer=9.30',
    precise: 'must be a time of day like "09:30" or "17:45:30" (24-hour clock), got string "9.30"',
  },
  datetime: {
    body: 'answer=2026-01-31',
    precise:
      'must be an ISO 8601 date and time like "2026-01-31T09:30" or "2026-01-31T09:30:00Z", got string "2026-01-31"',
  },
  email: { body: 'answer=not-an-email', precise: 'must be an e-mail address, got string "not-an-email"' },
  phone: {
    body: 'answer=call+me',
    precise:
      'must be a phone number of 5 to 15 digits (spaces, "-", ".", "(", ")" and a leading "+" allowed), got string "call me"',
  },
  url: {
    body: 'answer=example.com',
    precise: 'must be a web address starting with http:// or https://, got string "example.com"',
  },
  consent: {
    body: 'answer=false',
    precise:
      'must be true (agreeing to the field\'s label) or a stored {"agreed": true, "text": "…"}, got string "false"',
  },
  file: {
    body: 'answer=cv.pdf',
    precise:
      'must be a file (a form sends one only with enctype="multipart/form-data"; JSON names an uploaded file as {"file": "<id>"}), got string "cv.pdf"',
  },
  json: {
    body: 'answer=%7Boops',
    precise: `must be JSON such as {"key": "value"}, got string "{oops" (${parseError('{oops')})`,
  },
}

/** What JSON.parse says about `text` (the server quotes it). */
function parseError(text: string): string {
  try {
    JSON.parse(text)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${text} is JSON`)
}

async function setup(options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, options)
  return { ...t, endpoint, form: `${endpoint.path}/form`, fillIn: `/f/${endpoint.token}` }
}

/** An app whose one required field, labelled "The answer", has `type`. */
const oneField = (type: FieldType) =>
  setup({
    name: 'Survey',
    autoCreate: false,
    fields: [
      {
        name: 'answer',
        type,
        label: 'The answer',
        required: true,
        options: fieldTypeSpec(type).hasOptions ? OPTIONS : undefined,
      },
    ],
  })

describe.each(FIELD_TYPES.map((type) => [type]))('field type %s', (type) => {
  const words = fieldTypeSpec(type).respondent
  const cases = [
    { problem: 'left out', body: '_gotcha=', respondent: words.missing, precise: 'is required' },
    { problem: 'refused', body: REFUSED[type].body, respondent: words.invalid, precise: REFUSED[type].precise },
  ]

  test.each(cases)('an answer $problem: respondent words on both pages, the precise message in JSON', async (c) => {
    const app = await oneField(type)
    const refused = await app.request('POST', app.form, { raw: c.body, headers: NAVIGATE })
    expect(refused.status).toBe(422)
    expect(refused.text).toContain(
      `<p>Your answers were not saved. Check these answers and send the form again:</p><ul><li><strong>The answer</strong>: ${asEscaped(c.respondent)}</li></ul>`,
    )
    const page = await app.request('POST', app.fillIn, { raw: c.body, headers: URLENCODED })
    expect(page.status).toBe(422)
    expect(page.text).toContain(
      `<h2>There is a problem</h2><ul><li><a href="#${fieldTypeSpec(type).control.kind === 'choices' ? 'q0-0' : 'q0'}">The answer: ${asEscaped(c.respondent)}</a></li></ul>`,
    )
    expect(page.text).toContain(`<p class="error" id="q0-error" >${asEscaped(c.respondent)}</p>`)
    for (const path of [app.form, app.fillIn]) {
      const program = await app.request('POST', path, { raw: c.body, headers: JSON_ANSWER })
      expect(program.body).toEqual({
        code: 422,
        error: {
          type: 'invalid_value',
          message: `answer: ${c.precise}`,
          details: { problems: [{ path: 'answer', message: c.precise }] },
        },
      })
    }
    expect(await storedRecords(app.ctx, app.endpoint.appId)).toEqual([])
  })

  test('its question on the fill-in page carries its words for the script', async () => {
    const app = await oneField(type)
    const page = (await app.request('GET', app.fillIn)).text
    expect(page).toContain(
      `data-field="answer" data-label="The answer" data-missing="${asEscaped(words.missing)}" data-invalid="${asEscaped(words.invalid)}"`,
    )
  })
})

/** Text as the pages escape it. */
const asEscaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

describe('a refusal of the whole post, in words', () => {
  test.each([
    ['nothing answered', {}, '_gotcha=', 422, REFUSAL_WORDS.empty_record.text],
    ['writes switched off', { service: false }, 'a=1', 403, REFUSAL_WORDS.disabled.text],
    ['a body over the limit', {}, `a=${'x'.repeat(2048)}`, 413, REFUSAL_WORDS.too_large.text],
  ] as const)('%s: the sentence, with no details for the owner', async (_, options, body, status, sentence) => {
    const app = testApp({ rateLimit: null, maxBodyBytes: 1024 })
    const endpoint = await makeEndpoint(app.ctx, options)
    const res = await app.call('ingest.form', { params: { token: endpoint.token } }, { raw: body, headers: NAVIGATE })
    expect(res.status).toBe(status)
    expect(res.text).toContain(`<h1>Your answers were not sent</h1><p>${asEscaped(sentence)}</p>`)
    expect(res.text).not.toContain('<details>')
  })

  test('an unknown form', async () => {
    const app = testApp()
    const res = await app.call(
      'ingest.form',
      { params: { token: 'abcdefghijklmnopqrstuvwxyz012345' } },
      { raw: 'a=1', headers: NAVIGATE },
    )
    expect(res.status).toBe(404)
    expect(res.text).toContain(`<h1>Your answers were not sent</h1><p>${REFUSAL_WORDS.not_found.text}</p>`)
  })

  test('too many posts: wait, then send again', async () => {
    const app = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(app.ctx, { rateLimit: '1/s,1' })
    expect(
      (await app.call('ingest.form', { params: { token: endpoint.token } }, { raw: 'a=1', headers: NAVIGATE })).status,
    ).toBe(303)
    const res = await app.call('ingest.form', { params: { token: endpoint.token } }, { raw: 'a=2', headers: NAVIGATE })
    expect(res.status).toBe(429)
    expect(res.text).toContain(`<h1>Your answers were not sent</h1><p>${REFUSAL_WORDS.rate_limited.text}</p>`)
  })

  test("a site's form that sends keys the app does not take: the owner must fix it, and the details are there for them", async () => {
    const { request, form } = await setup({
      autoCreate: false,
      fields: [{ name: 'email', type: 'email', label: 'E-mail' }],
    })
    const res = await request('POST', form, { raw: 'email=ada%40example.com&colour=red', headers: NAVIGATE })
    expect(res.status).toBe(422)
    expect(res.text).toContain(
      `<h1>Your answers were not sent</h1><p>This form is not set up correctly, so your answers could not be sent. Let the form&#39;s owner know.</p><details><summary>Details for the form's owner</summary><ul><li>&quot;colour&quot; is not a field of this form and auto-create is off; remove it or ask the owner to add the field</li></ul></details>`,
    )
  })

  test('an answer to fix and a key the app cannot take: both, each for whom it concerns', async () => {
    const { request, form } = await setup({ fields: [{ name: 'email', type: 'email', label: 'E-mail' }] })
    const long = 'k'.repeat(65)
    const res = await request('POST', form, { raw: `email=nope&${long}=1`, headers: NAVIGATE })
    expect(res.status).toBe(422)
    expect(res.text).toContain(
      `<ul><li><strong>E-mail</strong>: Enter an e-mail address like name@example.com</li></ul><p>This form is not set up correctly, so your answers could not be sent. Let the form&#39;s owner know.</p><details><summary>Details for the form's owner</summary><ul><li>${long}: a field name can have at most 64 characters</li></ul></details>`,
    )
  })

  test('the fill-in page without JavaScript says the same in its error summary', async () => {
    const app = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(app.ctx, { rateLimit: '1/s,1', fields: [{ name: 'age', type: 'number' }] })
    const first = await app.request('POST', `/f/${endpoint.token}`, { raw: 'age=', headers: URLENCODED })
    expect(first.status).toBe(422)
    expect(first.text).toContain(`<h2>There is a problem</h2><ul><li>${REFUSAL_WORDS.empty_record.text}</li></ul>`)
    const second = await app.request('POST', `/f/${endpoint.token}`, { raw: 'age=3', headers: URLENCODED })
    expect(second.status).toBe(429)
    expect(second.text).toContain(`<h2>There is a problem</h2><ul><li>${REFUSAL_WORDS.rate_limited.text}</li></ul>`)
    // The answers typed are kept in the form.
    expect(second.text).toContain('name="age" value="3"')
  })

  test("the fill-in page's script carries every refusal's words", async () => {
    const app = testApp()
    const script = (await app.request('GET', '/f/assets/fill-in.js')).text
    expect(script).toContain(`const REFUSALS = ${JSON.stringify(REFUSAL_WORDS)}`)
  })
})

describe('a question that ends in its own punctuation', () => {
  test('"Will you come?" reads "Will you come? Select an answer" on both pages, never "come?: …"', async () => {
    const app = await setup({
      name: 'RSVP',
      fields: [{ name: 'attending', type: 'choice', label: 'Will you come?', required: true, options: ['Yes', 'No'] }],
    })
    const fillIn = await app.request('POST', app.fillIn, { raw: '_gotcha=', headers: URLENCODED })
    expect(fillIn.text).toContain('<a href="#q0-0">Will you come? Select an answer</a>')
    const post = await app.request('POST', app.form, { raw: '_gotcha=', headers: NAVIGATE })
    expect(post.text).toContain('<li><strong>Will you come?</strong> Select an answer</li>')
    expect(`${fillIn.text}${post.text}`).not.toContain('?:')
  })
})
