import { describe, expect, test } from 'bun:test'
import { hashSecret } from '../../server/core/ids.ts'
import { getRecord, listRecords } from '../../server/core/records/owner.ts'
import { recordForReport } from '../../server/core/reports/report-key.ts'
import { PAGE_CSP } from '../../server/pages/layout.ts'
import type { CallInput, ErrorEnvelope } from '../support/call.ts'
import { assessmentApp, MOOD_SCALE, publishApp, type AssessmentFixture } from './assessment-fixture.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const ANSWERS = { name: 'Ada', calm: 'Always', rested: 'Often', worried: 'Never', hours: '7.5' }

async function published() {
  const f = await assessmentApp()
  expect(
    (await f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, { token: f.owner.token })).status,
  ).toBe(200)
  return { f, token: await publishApp(f) }
}

const form = (pairs: Record<string, string> | Array<[string, string]>) => new URLSearchParams(pairs)

/** What a submission with JavaScript answers (JSON rather than the redirect a plain form gets). */
interface Submitted {
  code: number
  data: { id: string; reportUrl: string }
}

/** A record as its owner reads it. */
const storedRecord = (f: AssessmentFixture, id: string) => getRecord(f.ctx, f.owner.user.id, f.appId, id)

/** Submits without JavaScript and follows the redirect's path. */
async function submit(
  f: AssessmentFixture,
  token: string,
  pairs: Record<string, string> | Array<[string, string]> = ANSWERS,
) {
  const res = await f.request('POST', `/f/${token}`, { raw: form(pairs), headers: FORM })
  expect(res.status).toBe(303)
  const location = new URL(res.headers.get('location')!, 'http://localhost:8787')
  return { location, id: location.pathname.split('/')[2], key: location.searchParams.get('k')! }
}

describe('GET /f/<token>: the fill-in page', () => {
  test('renders every field in order with the right input, labels and required marks, under a strict CSP', async () => {
    const { f, token } = await published()
    const res = await f.request('GET', `/f/${token}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP)
    expect(PAGE_CSP).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    const html = res.text
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(html).toContain(
      `<form method="post" action="/f/${token}" accept-charset="utf-8" aria-labelledby="title" data-layout="all" data-submit-another="Submit another response">`,
    )
    expect(html).toContain('<label for="q0">Your first name</label>')
    expect(html).toContain('<input id="q0" type="text" name="name" value=""')
    expect(html).toContain(
      '<fieldset class="question" data-field="calm" data-label="I felt calm" data-missing="Select an answer" data-invalid="Select one of the options"  data-required role="radiogroup" aria-required="true">',
    )
    expect(html).toContain(
      '<legend>I felt calm<span class="req" aria-hidden="true">*</span><span class="visually-hidden"> (required)</span></legend>',
    )
    expect(html).toContain(
      '<input type="radio" name="calm" value="Never"  required aria-invalid="false" aria-describedby="q1-error" id="q1-0">',
    )
    expect(html).toContain('<input id="q4" type="number" name="hours" value="" step="any" inputmode="decimal"')
    expect(html).toContain('<input type="checkbox" name="habits" value="walked"')
    expect(html).toContain(
      '<div class="hp" aria-hidden="true"><label>Leave this empty <input type="text" name="_gotcha" tabindex="-1" autocomplete="off"></label></div>',
    )
    expect(html).toContain('<script src="/f/assets/fill-in.js" defer></script>')
    const order = [
      'name="name"',
      'name="calm"',
      'name="rested"',
      'name="worried"',
      'name="hours"',
      'name="habits"',
    ].map((s) => html.indexOf(s))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  test('each field type gets its input', async () => {
    const { f, token } = await published()
    const add = (body: CallInput<'fields.add'>['body']) =>
      f.call('fields.add', { params: { id: f.appId }, body }, { token: f.owner.token })
    await add({ name: 'consent', type: 'boolean', label: 'I agree', required: true })
    await add({ name: 'email', type: 'email' })
    await add({ name: 'born', type: 'date' })
    await add({ name: 'extra', type: 'json' })
    await add({ name: 'country', type: 'choice', options: Array.from({ length: 13 }, (_, i) => `C${i}`) })
    await add({ name: 'story', type: 'longtext', label: 'Tell us more' })
    const html = (await f.request('GET', `/f/${token}`)).text
    expect(html).toContain(
      '<legend>I agree<span class="req" aria-hidden="true">*</span><span class="visually-hidden"> (required)</span></legend>',
    )
    expect(html).toContain(
      '<input type="radio" name="consent" value="true"  required aria-invalid="false" aria-describedby="q6-error" id="q6-0"> <span>Yes</span>',
    )
    expect(html).toContain(
      '<input type="radio" name="consent" value="false"  required aria-invalid="false" aria-describedby="q6-error" id="q6-1"> <span>No</span>',
    )
    expect(html).toContain('<input id="q7" type="email" name="email" value=""  autocomplete="email"')
    expect(html).toContain('<input id="q8" type="date" name="born" value=""')
    expect(html).toContain('<textarea id="q9" name="extra" data-json spellcheck="false"')
    expect(html).toContain('<label for="q10">country</label>\n<select id="q10" name="country"')
    expect(html).toContain('<option value="C12" >C12</option>')
    expect(html).toContain(
      '<label for="q11">Tell us more</label>\n\n<textarea id="q11" name="story" rows="6"  aria-invalid="false" aria-describedby="q11-error"></textarea>',
    )
  })

  test('a long-text answer keeps its lines', async () => {
    const { f, token } = await published()
    await f.call(
      'fields.add',
      { params: { id: f.appId }, body: { name: 'story', type: 'longtext' } },
      { token: f.owner.token },
    )
    const { id } = await submit(f, token, { ...ANSWERS, story: 'First line\r\nsecond line\n\nlast' })
    expect(JSON.parse((await storedRecord(f, id)).data).story).toBe('First line\r\nsecond line\n\nlast')
    // In the CSV export the answer is one quoted cell holding its line breaks.
    const csv = await f.call('records.exportCsv', { params: { id: f.appId } }, { token: f.owner.token })
    expect(csv.text).toContain(',"First line\r\nsecond line\n\nlast"')
  })

  test('an unknown token and an unpublished app are the same 404 page', async () => {
    const { f, token } = await published()
    const unknown = await f.request('GET', '/f/abcdefghijklmnopqrstuvwxyz012345')
    expect(unknown.status).toBe(404)
    expect(unknown.text).toContain('<h1>Form not found</h1>')
    await f.call('share.unpublish', { params: { id: f.appId } }, { token: f.owner.token })
    const unpublished = await f.request('GET', `/f/${token}`)
    expect(unpublished.status).toBe(404)
    expect(unpublished.text).toBe(unknown.text)
  })

  test('the enhancement script is served from this origin', async () => {
    const { f } = await published()
    const res = await f.request('GET', '/f/assets/fill-in.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.text).toContain("form.addEventListener('submit'")
  })

  test('theme values are applied, and stored CSS that would break out of <style> is dropped', async () => {
    const { f, token } = await published()
    await f.call(
      'connect.update',
      { params: { id: f.appId }, body: { primaryColor: 'teal', layout: 'one-per-screen', buttonText: 'Send' } },
      { token: f.owner.token },
    )
    let html = (await f.request('GET', `/f/${token}`)).text
    expect(html).toContain(':root{--primary:teal;')
    expect(html).toContain('data-layout="one-per-screen"')
    expect(html).toContain('<button type="submit">Send</button>')
    // A row written around the validation (an older version, a manual edit) still cannot inject.
    const theme = {
      primaryColor: 'red}</style><script>alert(1)</script>',
      customCss: '</style><script>alert(2)</script>',
    }
    await f.ctx.storage.themes.set(f.appId, () => JSON.stringify(theme), f.clock.now())
    html = (await f.request('GET', `/f/${token}`)).text
    expect(html).toContain(':root{--primary:#2563eb;')
    expect(html).not.toContain('<script>alert')
  })
})

describe('POST /f/<token>: submitting', () => {
  test('without JavaScript: stores the record with scores and a hashed report key, then 303 to the report', async () => {
    const { f, token } = await published()
    const { id, key } = await submit(f, token)
    // Other answers: the same ones again would be a duplicate (dedupeSeconds), answered with the first record.
    const res = await f.request('POST', `/f/${token}`, { raw: form({ ...ANSWERS, hours: '8' }), headers: FORM })
    expect(res.headers.get('location')).toMatch(/^\/r\/[0-9a-f-]{36}\?k=[A-Za-z0-9_-]{32}$/)
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const row = await storedRecord(f, id)
    expect(JSON.parse(row.data)).toEqual({ name: 'Ada', calm: 'Always', rested: 'Often', worried: 'Never', hours: 7.5 })
    expect(JSON.parse(row.scores!)).toEqual({ mood: { score: 11, level: 'good', levelLabel: 'Good' } })
    expect(Boolean(row.spam)).toBe(false)
    // Only the key's hash is stored: the key opens the record's report.
    expect((await recordForReport(f.ctx, id, key)).id).toBe(id)
  })

  test('with JavaScript (Accept: application/json): answers the id and report URL', async () => {
    const { f, token } = await published()
    const res = await f.request<Submitted>('POST', `/f/${token}`, {
      raw: form(ANSWERS),
      headers: { ...FORM, accept: 'application/json' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        id: expect.any(String),
        reportUrl: expect.stringMatching(/^http:\/\/localhost:8787\/r\/[0-9a-f-]{36}\?k=[A-Za-z0-9_-]{32}$/),
      },
    })
    expect(res.body.data.reportUrl).toContain(res.body.data.id)
  })

  test('a plain form (no scales, report pages or expert) offers no report: the id alone, or 303 to a thank-you page in its style', async () => {
    const f = await assessmentApp()
    const token = await publishApp(f)
    expect(
      (
        await f.call(
          'connect.update',
          { params: { id: f.appId }, body: { primaryColor: 'teal' } },
          { token: f.owner.token },
        )
      ).status,
    ).toBe(200)
    const json = await f.request('POST', `/f/${token}`, {
      raw: form(ANSWERS),
      headers: { ...FORM, accept: 'application/json' },
    })
    expect(json.status).toBe(200)
    expect(json.body).toEqual({ code: 200, data: { id: expect.any(String) } })
    const native = await f.request('POST', `/f/${token}`, { raw: form({ ...ANSWERS, hours: '8' }), headers: FORM })
    expect(native.status).toBe(303)
    expect(native.headers.get('location')).toBe(`/f/${token}/thanks`)
    const thanks = await f.request('GET', `/f/${token}/thanks`)
    expect(thanks.status).toBe(200)
    expect(thanks.headers.get('content-security-policy')).toBe(PAGE_CSP)
    expect(thanks.text).toContain(
      '<h1>Thank you</h1><p class="pre-line">Your answers to “Wellbeing check” were saved.</p>',
    )
    expect(thanks.text).toContain(':root{--primary:teal;')
    // Both records are stored.
    expect((await listRecords(f.ctx, f.owner.user.id, f.appId, { spam: 'include' })).total).toBe(2)
    expect((await f.request('GET', '/f/abcdefghijklmnopqrstuvwxyz012345/thanks')).status).toBe(404)
  })

  test('"Submit another response" (offered by default) leads to a new form; the owner can leave it out', async () => {
    const f = await assessmentApp()
    const token = await publishApp(f)
    const thanks = async () => (await f.request('GET', `/f/${token}/thanks`)).text
    expect(await thanks()).toContain(`were saved.</p><p><a href="/f/${token}">Submit another response</a></p>\n</main>`)
    expect((await f.request('GET', `/f/${token}`)).text).toContain(' data-submit-another="Submit another response">')
    const off = await f.call(
      'share.update',
      { params: { id: f.appId }, body: { submitAnother: false } },
      { token: f.owner.token },
    )
    expect(off.body.data.submitAnother).toBe(false)
    expect(await thanks()).toContain('were saved.</p>\n</main>')
    const page = (await f.request('GET', `/f/${token}`)).text
    expect(page).toContain(
      `<form method="post" action="/f/${token}" accept-charset="utf-8" aria-labelledby="title" data-layout="all">`,
    )
    // A refused post sends the page again without it too.
    const refused = await f.request('POST', `/f/${token}`, { raw: form({ hours: 'lots' }), headers: FORM })
    expect([refused.status, refused.text.includes('data-submit-another')]).toEqual([422, false])
  })

  test('a refused submission shows the form again with the problems and the answers kept', async () => {
    const { f, token } = await published()
    const res = await f.request('POST', `/f/${token}`, {
      raw: form({ name: 'Ada <3', rested: 'Often', hours: 'lots' }),
      headers: FORM,
    })
    expect(res.status).toBe(422)
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP)
    expect(res.text).toContain('<title>Error: Wellbeing check</title>')
    expect(res.text).toContain(
      '<div class="errors" role="alert" tabindex="-1" autofocus><h2>There is a problem</h2><ul><li><a href="#q1-0">I felt calm: Select an answer</a></li>',
    )
    expect(res.text).toContain('<p class="error" id="q1-error" >Select an answer</p>')
    expect(res.text).toContain('<p class="error" id="q4-error" >Enter a number, like 7 or 7.5</p>')
    expect(res.text).toContain('value="Ada &lt;3"')
    expect(res.text).toContain('<input type="radio" name="rested" value="Often" checked')
    expect((await listRecords(f.ctx, f.owner.user.id, f.appId, { spam: 'include' })).total).toBe(0)
  })

  test('a refused submission with JavaScript gets the JSON error with every problem', async () => {
    const { f, token } = await published()
    const res = await f.request<ErrorEnvelope>('POST', `/f/${token}`, {
      raw: form({ hours: 'lots' }),
      headers: { ...FORM, accept: 'application/json' },
    })
    expect(res.status).toBe(422)
    expect(res.body.error.type).toBe('invalid_value')
    expect(res.body.error.details?.problems?.map((p) => p.path)).toEqual(['hours', 'calm'])
  })

  test('a filled honeypot is stored as spam and answered like a success', async () => {
    const { f, token } = await published()
    const { id, location } = await submit(f, token, { ...ANSWERS, _gotcha: 'http://spam.example' })
    expect(Boolean((await storedRecord(f, id)).spam)).toBe(true)
    expect((await f.request('GET', `${location.pathname}${location.search}`)).status).toBe(200)
  })

  test('an unknown token is a 404 page, or a JSON 404 for scripts', async () => {
    const { f } = await published()
    const page = await f.request('POST', '/f/abcdefghijklmnopqrstuvwxyz012345', { raw: form(ANSWERS), headers: FORM })
    expect(page.status).toBe(404)
    expect(page.text).toContain('<h1>Form not found</h1>')
    const json = await f.request<ErrorEnvelope>('POST', '/f/abcdefghijklmnopqrstuvwxyz012345', {
      raw: form(ANSWERS),
      headers: { ...FORM, accept: 'application/json' },
    })
    expect(json.status).toBe(404)
    expect(json.body.error.type).toBe('not_found')
  })
})

describe('GET /r/<recordId>?k=<key>: the report', () => {
  test('shows scores, level, interpretation, expert commentary and the chart for the right key', async () => {
    const { f, token } = await published()
    await f.call(
      'expert.update',
      { params: { id: f.appId }, body: { name: 'Dr. Ana Ruiz', avatarUrl: 'https://example.com/ana.png' } },
      { token: f.owner.token },
    )
    await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'good' }, body: { text: 'Keep it up, {{name}}.' } },
      { token: f.owner.token },
    )
    const { location } = await submit(f, token)
    const res = await f.request('GET', `${location.pathname}${location.search}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP)
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.text).toContain(
      '<div class="value">11 <span class="level">· Good</span></div>\n<p>Your mood was good.</p>',
    )
    expect(res.text).toContain('<img src="https://example.com/ana.png" alt=""><div><strong>Dr. Ana Ruiz</strong>')
    expect(res.text).toContain('<h3>Mood – Good</h3><p>Keep it up, Ada.</p>')
    expect(res.text).toContain('<desc id="chart-0-1-desc">Mood: 11 (range 0–12), Good</desc>')
    expect(res.text).toContain('<rect class="bar" x="0" y="32" width="440" height="18" rx="4"></rect>')
  })

  test('a missing key, a wrong key and an unknown record are the same 404', async () => {
    const { f, token } = await published()
    const { id, key } = await submit(f, token)
    // The real key with its last character changed (never equal to it, whatever it ends in).
    const wrongKey = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')
    const responses = await Promise.all([
      f.request('GET', `/r/${id}`),
      f.request('GET', `/r/${id}?k=`),
      f.request('GET', `/r/${id}?k=${wrongKey}`),
      f.request('GET', `/r/${id}?k=${hashSecret(key)}`),
      f.request('GET', `/r/01a20195-0000-7000-8000-000000000000?k=${key}`),
    ])
    for (const res of responses) {
      expect(res.status).toBe(404)
      expect(res.text).toBe(responses[0].text)
    }
    expect(responses[0].text).toContain('<h1>Report not found</h1>')
  })

  test('records sent to the JSON endpoint have no report key, so no report', async () => {
    const { f, token } = await published()
    const posted = await f.call('ingest.post', { params: { token }, body: { calm: 'Always' } })
    expect((await f.request('GET', `/r/${posted.body.data.id}?k=anything`)).status).toBe(404)
  })

  test('answers placed through placeholders cannot inject markup', async () => {
    const { f, token } = await published()
    await f.call(
      'reports.addPage',
      { params: { id: f.appId }, body: { title: 'Hi {{name}}' } },
      { token: f.owner.token },
    )
    await f.call(
      'reports.addSection',
      {
        params: { id: f.appId, page: '1' },
        body: { type: 'intro', text: 'Dear {{name}}, you scored {{score.mood}}.' },
      },
      { token: f.owner.token },
    )
    const { location } = await submit(f, token, { ...ANSWERS, name: '"><script>alert(1)</script>' })
    const html = (await f.request('GET', `${location.pathname}${location.search}`)).text
    expect(html).toContain('<p>Dear &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;, you scored 11.</p>')
    expect(html).not.toContain('<script>')
  })

  test('a later scale change does not change an old report until rescored', async () => {
    const { f, token } = await published()
    const { location } = await submit(f, token)
    await f.call(
      'scales.update',
      {
        params: { id: f.appId, scale: 'mood' },
        body: { method: 'mean', levels: [{ key: 'all', label: 'Everyone', min: 0, max: 4 }] },
      },
      { token: f.owner.token },
    )
    const path = `${location.pathname}${location.search}`
    expect((await f.request('GET', path)).text).toContain(
      '<div class="value">11 <span class="level">· Good</span></div>',
    )
    await f.call('scales.rescore', { params: { id: f.appId } }, { token: f.owner.token })
    expect((await f.request('GET', path)).text).toContain(
      '<div class="value">3.6667 <span class="level">· Everyone</span></div>',
    )
  })
})
