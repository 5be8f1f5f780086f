/**
 * How the fields are asked, in `?help` and the HTML form snippet: the notes on help, rules and
 * hidden fields, the snippet's rule attributes and hidden inputs with the script that fills
 * them from the link, and a snippet's post (an unfilled hidden input, UTM pairs) stored right.
 */
import { describe, expect, test } from 'bun:test'
import { invalid, target } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const as = { token: owner.token }
  const appId: string = (await t.call('apps.create', { body: { name: 'Sign-up' } }, as)).body.data.id
  const add = (body: Record<string, unknown>) =>
    t.call('fields.add', { params: { id: appId }, body: invalid(body) }, as)
  await add({
    name: 'code',
    help: 'On your card',
    placeholder: 'AB1234',
    rules: { maxLength: 6, pattern: '[A-Z]{2}[0-9]{4}' },
  })
  await add({ name: 'source', hidden: true })
  await add({ name: 'email', type: 'email', prefill: true })
  const token: string = (await t.call('share.publish', { params: { id: appId } }, as)).body.data.token!
  const help = (await t.request('GET', `${target('ingest.post', { params: { token } }).path}?help`)).text
  return { t, as, appId, token, help }
}

describe('?help', () => {
  test('notes how each field is asked and what a broken rule or a bad hidden value does', async () => {
    const { help } = await setup()
    expect(help).toContain(
      [
        'How the fields are asked:',
        '- `code`: help "On your card"; placeholder "AB1234"; rules: maxLength `6`, pattern `[A-Z]{2}[0-9]{4}`',
        '- `source`: hidden: never shown, filled from the link (`/f/<token>?source=…`)',
        '- `email`: prefilled from the link when it names the field',
        '',
        "An answer that breaks a field's rules is refused with 422 `invalid_value` naming the field and the rule (`rules.maxLength`). A hidden field's value that does not fit is dropped instead (the respondent cannot fix it) and the record's `meta.dropped` names the field; hidden fields are never required. The link's UTM parameters (`utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content`) are kept in the record's `meta.utm`.",
      ].join('\n'),
    )
  })

  test('the snippet has the rules as attributes, a hidden input and the script that fills it', async () => {
    const { help } = await setup()
    expect(help).toContain(
      '  <label>code <input name="code" placeholder="AB1234" maxlength="6" pattern="[A-Z]{2}[0-9]{4}"></label>\n  <input type="hidden" name="source" value="">\n',
    )
    expect(help).toContain("      const form = document.currentScript.closest('form')\n")
    expect(help).toContain("      for (const key of ['source','medium','campaign','term','content']) {\n")
  })
})

describe("a snippet's post", () => {
  test('an unfilled hidden input is no answer, and _utm_ pairs reach meta.utm', async () => {
    const { t, as, appId, token } = await setup()
    const res = await t.call(
      'ingest.form',
      { params: { token } },
      {
        raw: 'code=AB1234&source=&_utm_source=nl&_utm_term=forms',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    )
    expect(res.status).toBe(200)
    const records = (await t.call('records.list', { params: { id: appId } }, as)).body.records
    expect(records.map(({ data, meta }) => ({ data, meta }))).toEqual([
      { data: { code: 'AB1234' }, meta: { utm: { source: 'nl', term: 'forms' } } },
    ])
  })
})
