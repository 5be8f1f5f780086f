/**
 * Field rules: refused when saved (a rule that does not fit the type, bounds that cross, a
 * pattern that does not compile or could backtrack without bound), and checked at ingest on
 * every route (JSON, form, batch, the fill-in page's own post) with `invalid_value` naming
 * the field and the rule, the owner's patternMessage when given.
 */
import { describe, expect, test } from 'bun:test'
import { invalid } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const as = { token: owner.token }
  const appId: string = (await t.call('apps.create', { body: { name: 'Sign-up' } }, as)).body.data.id
  return { t, as, appId }
}

/** The 422 body of a field add or change refused for `problems`. */
const refusal = (problems: { path: string; message: string }[]) => ({
  code: 422,
  error: {
    type: 'validation',
    message: problems.map((p) => `${p.path}: ${p.message}`).join('; '),
    details: { problems },
  },
})

const compileError = (pattern: string) => {
  try {
    new RegExp(`^(?:${pattern})$`, 'u')
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('compiles')
}

const NESTED =
  'cannot repeat a group that holds a quantifier or | (like (a+)+ or (a|b)*): matching could take exponential time; repeat a character class instead, e.g. [ab]*'

describe('rules refused when saved', () => {
  test.each([
    [
      'a text rule on a number field',
      { name: 'x', type: 'number', rules: { minLength: 3 } },
      [
        {
          path: 'rules.minLength',
          message: 'only text, longtext, email, phone and url fields have minLength, not number fields',
        },
      ],
    ],
    [
      'a number rule on a text field',
      { name: 'x', rules: { step: 2 } },
      [{ path: 'rules.step', message: 'only number fields have step, not text fields' }],
    ],
    [
      'picks on a choice field',
      { name: 'x', type: 'choice', options: ['a', 'b'], rules: { maxPicks: 1 } },
      [{ path: 'rules.maxPicks', message: 'only multichoice fields have maxPicks, not choice fields' }],
    ],
    [
      'min above max',
      { name: 'x', type: 'number', rules: { min: 10, max: 5 } },
      [{ path: 'rules.min', message: 'cannot be more than max (5)' }],
    ],
    [
      'minLength above maxLength',
      { name: 'x', rules: { minLength: 10, maxLength: 5 } },
      [{ path: 'rules.minLength', message: 'cannot be more than maxLength (5)' }],
    ],
    [
      'earliest after latest',
      { name: 'x', type: 'date', rules: { earliest: '2026-02-01', latest: '2026-01-01' } },
      [{ path: 'rules.earliest', message: 'cannot be more than latest (2026-01-01)' }],
    ],
    [
      'a time on a date field',
      { name: 'x', type: 'date', rules: { latest: '2026-01-01T10:00' } },
      [
        {
          path: 'rules.latest',
          message: 'must be a date like "2026-01-31" for a date field (a time goes with datetime fields)',
        },
      ],
    ],
    [
      'a bound that is no date',
      { name: 'x', type: 'datetime', rules: { earliest: 'tomorrow' } },
      [
        {
          path: 'rules.earliest',
          message: 'must be a date like "2026-01-31" or a date and time like "2026-01-31T09:30", without a zone',
        },
      ],
    ],
    [
      'minPicks above maxPicks',
      { name: 'x', type: 'multichoice', options: ['a', 'b', 'c'], rules: { minPicks: 3, maxPicks: 2 } },
      [{ path: 'rules.minPicks', message: 'cannot be more than maxPicks (2)' }],
    ],
    [
      'a pattern that does not compile',
      { name: 'x', rules: { pattern: '[a-' } },
      [
        {
          path: 'rules.pattern',
          message: `is not a valid regular expression (with the u flag): ${compileError('[a-')}`,
        },
      ],
    ],
    ['a nested quantifier', { name: 'x', rules: { pattern: '(a+)+' } }, [{ path: 'rules.pattern', message: NESTED }]],
    [
      'a repeated alternation',
      { name: 'x', rules: { pattern: '^(?:a|ab)*$' } },
      [{ path: 'rules.pattern', message: NESTED }],
    ],
    [
      'a backreference',
      { name: 'x', rules: { pattern: '(a)\\1' } },
      [
        {
          path: 'rules.pattern',
          message: 'cannot use a backreference (\\1, \\k<name>): it can make matching take exponential time',
        },
      ],
    ],
    [
      'a pattern too long',
      { name: 'x', rules: { pattern: 'a'.repeat(201) } },
      [{ path: 'rules.pattern', message: 'can have at most 200 characters' }],
    ],
    [
      'a patternMessage without a pattern',
      { name: 'x', rules: { patternMessage: 'Two letters' } },
      [{ path: 'rules.patternMessage', message: 'goes with a pattern: set rules.pattern too' }],
    ],
    [
      'an unknown rule',
      { name: 'x', rules: { maxlen: 3 } },
      [
        {
          path: 'rules',
          message:
            'has unknown rules "maxlen"; rules are minLength, maxLength, pattern, patternMessage, min, max, step, earliest, latest, minPicks, maxPicks',
        },
      ],
    ],
    [
      'a hidden consent',
      { name: 'x', type: 'consent', hidden: true },
      [{ path: 'hidden', message: 'cannot be true for a consent field: only the respondent can tick a consent' }],
    ],
  ])('%s, with 422 naming the key', async (_, body, problems) => {
    const { t, as, appId } = await setup()
    const res = await t.call('fields.add', { params: { id: appId }, body: invalid(body) }, as)
    expect<unknown>([res.status, res.body]).toEqual([422, refusal(problems)])
    expect<unknown>((await t.call('fields.list', { params: { id: appId } }, as)).body.data.fields).toEqual([])
  })

  test('a change is checked against the stored type and the rules it keeps', async () => {
    const { t, as, appId } = await setup()
    await t.call(
      'fields.add',
      { params: { id: appId }, body: { name: 'age', type: 'number', rules: { max: 120 } } },
      as,
    )
    const wrongType = await t.call(
      'fields.update',
      { params: { id: appId, field: 'age' }, body: { rules: { pattern: '[0-9]+' } } },
      as,
    )
    expect<unknown>(wrongType.body).toEqual(
      refusal([
        {
          path: 'rules.pattern',
          message: 'only text, longtext, email, phone and url fields have pattern, not number fields',
        },
      ]),
    )
    const crossing = await t.call(
      'fields.update',
      { params: { id: appId, field: 'age' }, body: { rules: { min: 150 } } },
      as,
    )
    expect<unknown>(crossing.body).toEqual(refusal([{ path: 'rules.min', message: 'cannot be more than max (120)' }]))
    const field = (await t.call('fields.get', { params: { id: appId, field: 'age' } }, as)).body.data
    expect<unknown>(field.rules).toEqual({ max: 120 })
  })
})

/** An app with one field per kind of rule, published; its token. */
async function ruledForm() {
  const s = await setup()
  const { t, as, appId } = s
  const add = (body: Record<string, unknown>) =>
    t.call('fields.add', { params: { id: appId }, body: invalid(body) }, as)
  await add({
    name: 'code',
    rules: { maxLength: 6, pattern: '[A-Z]{2}[0-9]{4}', patternMessage: 'Two capitals, four digits' },
  })
  await add({ name: 'nick', rules: { minLength: 3, pattern: '[a-z]+' } })
  await add({ name: 'age', type: 'number', rules: { min: 18, max: 120, step: 1 } })
  await add({ name: 'day', type: 'date', rules: { earliest: '2026-01-01', latest: '2026-12-31' } })
  await add({ name: 'slot', type: 'datetime', rules: { earliest: '2026-03-01T09:00' } })
  await add({ name: 'tags', type: 'multichoice', options: ['a', 'b', 'c'], rules: { minPicks: 2, maxPicks: 2 } })
  const token: string = (await t.call('share.publish', { params: { id: appId } }, as)).body.data.token!
  const records = async () =>
    (await t.call('records.list', { params: { id: appId } }, as)).body.records.map((record) => record.data)
  return { ...s, token, records }
}

const BAD = {
  code: 'ab1234',
  nick: 'jo',
  age: 17.5,
  day: '2025-12-31',
  slot: '2026-03-01T08:59',
  tags: ['a'],
}
const BAD_PROBLEMS = [
  { path: 'code', message: 'does not match the pattern (rules.pattern): Two capitals, four digits' },
  { path: 'nick', message: 'must have at least 3 characters (rules.minLength)' },
  { path: 'age', message: 'must be at least 18 (rules.min)' },
  { path: 'day', message: 'must be on or after 2026-01-01 (rules.earliest)' },
  { path: 'slot', message: 'must be on or after 2026-03-01T09:00 (rules.earliest)' },
  { path: 'tags', message: 'must pick at least 2 options (rules.minPicks)' },
]
const BAD_BODY = {
  code: 422,
  error: {
    type: 'invalid_value',
    message: `6 problems: ${BAD_PROBLEMS.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
    details: { problems: BAD_PROBLEMS },
  },
}
const GOOD = { code: 'AB1234', nick: 'jo', age: 30, day: '2026-06-01', slot: '2026-03-01T09:00', tags: ['a', 'c'] }
const GOOD_STORED = { ...GOOD, nick: 'joe' }
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const pairs = (data: Record<string, unknown>) => {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(data))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, String(one))
  return form.toString()
}

describe('rules at ingest', () => {
  test('ingest.post refuses every broken rule at once, and stores an answer that keeps them', async () => {
    const { t, token, records } = await ruledForm()
    const bad = await t.call('ingest.post', { params: { token }, body: BAD })
    expect<unknown>([bad.status, bad.body]).toEqual([422, BAD_BODY])
    const good = await t.call('ingest.post', { params: { token }, body: GOOD_STORED })
    expect<unknown>(good.status).toBe(200)
    expect<unknown>(await records()).toEqual([GOOD_STORED])
  })

  test('ingest.form and ingest.batch refuse the same way', async () => {
    const { t, token, records } = await ruledForm()
    const form = await t.call('ingest.form', { params: { token } }, { raw: pairs(BAD), headers: FORM })
    expect<unknown>([form.status, form.body]).toEqual([422, BAD_BODY])
    const batch = await t.call('ingest.batch', { params: { token }, body: [GOOD_STORED, { age: 121 }] })
    expect<unknown>([batch.status, batch.body]).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'invalid_value',
          message: 'Record 1 of the batch: age: must be at most 120 (rules.max); nothing was stored',
          details: { index: 1, problems: [{ path: 'age', message: 'must be at most 120 (rules.max)' }] },
        },
      },
    ])
    const stored = await t.call('ingest.form', { params: { token } }, { raw: pairs(GOOD_STORED), headers: FORM })
    expect<unknown>(stored.status).toBe(200)
    expect<unknown>(await records()).toEqual([GOOD_STORED])
  })

  test('step, maxLength, latest and maxPicks each refuse with their rule', async () => {
    const { t, token } = await ruledForm()
    const res = await t.call('ingest.post', {
      params: { token },
      body: { code: 'AB12345', age: 20.5, day: '2027-01-01', tags: ['a', 'b', 'c'] },
    })
    expect<unknown>(res.body.error?.details).toEqual({
      problems: [
        { path: 'code', message: 'can have at most 6 characters (rules.maxLength)' },
        { path: 'age', message: 'must be a whole number of steps of 1 from 18 (rules.step)' },
        { path: 'day', message: 'must be on or before 2026-12-31 (rules.latest)' },
        { path: 'tags', message: 'can pick at most 2 options (rules.maxPicks)' },
      ],
    })
  })

  test("the owner's record edit is checked against the rules too", async () => {
    const { t, as, appId, token, records } = await ruledForm()
    const id = (await t.call('ingest.post', { params: { token }, body: GOOD_STORED })).body.data!.id
    const edit = await t.call(
      'records.update',
      { params: { id: appId, recordId: id }, body: { data: { age: 130 } } },
      as,
    )
    expect<unknown>([edit.status, edit.body]).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'invalid_value',
          message: 'age: must be at most 120 (rules.max)',
          details: { problems: [{ path: 'age', message: 'must be at most 120 (rules.max)' }] },
        },
      },
    ])
    expect<unknown>(await records()).toEqual([GOOD_STORED])
  })

  test("the fill-in page's post shows each rule's words, the owner's patternMessage among them", async () => {
    const { t, token, records } = await ruledForm()
    const page = await t.request('POST', `/f/${token}`, { raw: pairs(BAD), headers: FORM })
    expect<unknown>(page.status).toBe(422)
    const summary = page.text.slice(page.text.indexOf('<h2>There is a problem</h2>'), page.text.indexOf('</ul>'))
    expect<unknown>(summary).toBe(
      [
        '<h2>There is a problem</h2><ul>',
        '<li><a href="#q0">code: Two capitals, four digits</a></li>',
        '<li><a href="#q1">nick: Enter at least 3 characters</a></li>',
        '<li><a href="#q2">age: Enter a number that is 18 or more</a></li>',
        '<li><a href="#q3">day: Enter 2026-01-01 or later</a></li>',
        '<li><a href="#q4">slot: Enter 2026-03-01T09:00 or later</a></li>',
        '<li><a href="#q5-0">tags: Select at least 2 answers</a></li>',
      ].join(''),
    )
    const json = await t.request('POST', `/f/${token}`, {
      raw: pairs(BAD),
      headers: { ...FORM, accept: 'application/json' },
    })
    expect<unknown>([json.status, json.body]).toEqual([422, BAD_BODY])
    expect<unknown>((await t.request('POST', `/f/${token}`, { raw: pairs(GOOD_STORED), headers: FORM })).status).toBe(
      303,
    )
    expect<unknown>(await records()).toEqual([GOOD_STORED])
  })
})

describe('rules on the fill-in page', () => {
  test('help under the question with aria-describedby, the placeholder and the rules as attributes', async () => {
    const { t, as, appId, token } = await ruledForm()
    await t.call(
      'fields.update',
      { params: { id: appId, field: 'code' }, body: { help: 'On your card', placeholder: 'AB1234' } },
      as,
    )
    const html = (await t.request('GET', `/f/${token}`)).text
    expect<unknown>(html).toContain(
      '<label for="q0">code</label>\n<p class="hint pre-line" id="q0-help">On your card</p>\n\n<input id="q0" type="text" name="code" value="" placeholder="AB1234" maxlength="6" pattern="[A-Z]{2}[0-9]{4}"    aria-invalid="false" aria-describedby="q0-help q0-error">',
    )
    expect<unknown>(html).toContain(
      '<input id="q1" type="text" name="nick" value="" minlength="3" maxlength="1000" pattern="[a-z]+"',
    )
    expect<unknown>(html).toContain(
      '<input id="q2" type="number" name="age" value="" min="18" max="120" step="1" inputmode="decimal"',
    )
    expect<unknown>(html).toContain('<input id="q3" type="date" name="day" value="" min="2026-01-01" max="2026-12-31"')
    expect<unknown>(html).toContain('<input id="q4" type="datetime-local" name="slot" value="" min="2026-03-01T09:00"')
    expect<unknown>(html).toContain(
      'data-rules="{&quot;minPicks&quot;:{&quot;value&quot;:2,&quot;message&quot;:&quot;must pick at least 2 options (rules.minPicks)&quot;,&quot;words&quot;:&quot;Select at least 2 answers&quot;},&quot;maxPicks&quot;:{&quot;value&quot;:2,&quot;message&quot;:&quot;can pick at most 2 options (rules.maxPicks)&quot;,&quot;words&quot;:&quot;Select at most 2 answers&quot;}}"',
    )
  })
})
