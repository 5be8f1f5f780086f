/**
 * Every registered field type through the forms people use: the fill-in page's control
 * and the HTML snippet (the same one in `?help` and the admin's Setup tab), each filled
 * with the type's example value as a browser would, posted form-encoded, and read back as
 * the stored value.
 */
import { describe, expect, test } from 'bun:test'
import { htmlFormSnippet } from '../../admin/snippets.ts'
import { FIELD_TYPES, fieldTypeSpec, type FieldType } from '../../server/contract/fields/types/index.ts'
import { codeBlock } from '../../server/contract/help/markdown.ts'
import { fillForm, formExample } from '../support/form-fill.ts'
import { testApp } from '../support/http.ts'
import type { ErrorEnvelope } from '../support/call.ts'
import { makeEndpoint } from '../support/records.ts'
import { makeUser } from '../support/users.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
/** Options with HTML's special characters and a double space, which an option's text content would collapse. */
const OPTIONS = ['Yes, "quoted" & <b>', 'two  spaces', "it's"]
const NAME = 'answer <&>'

/** An app whose only field has `type`, published; the owner reads its records and share settings. */
async function oneFieldApp(type: FieldType, extra: { options?: string[]; required?: boolean } = {}) {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const options = fieldTypeSpec(type).hasOptions ? (extra.options ?? OPTIONS) : undefined
  const endpoint = await makeEndpoint(t.ctx, owner.user.id, {
    fields: [{ name: NAME, type, label: 'The answer', options, required: extra.required }],
  })
  const stored = async () =>
    (await t.call('records.list', { params: { id: endpoint.appId } }, { token: owner.token })).body.records.map(
      (record: { data: unknown }) => record.data,
    )
  return { ...t, owner, endpoint, options: options ?? null, stored }
}

/** Files travel as multipart parts, never as form text: their round trips are test/http/fill-in-files.test.ts and test/browser/files.test.ts. */
const postsText = (type: FieldType) => type !== 'file'

describe.each(FIELD_TYPES.map((type) => [type]))('field type %s', (type) => {
  // A file field has no text round trip (see postsText); its round trips have tests of their own.
  if (postsText(type)) {
    test('round-trips through the fill-in page: render, fill as a browser would, post form-encoded, stored value', async () => {
      const app = await oneFieldApp(type)
      const page = await app.request('GET', `/f/${app.endpoint.token}`)
      expect(page.status).toBe(200)
      const example = formExample(type, app.options, { name: NAME, label: 'The answer' })
      const pairs = await fillForm(page.text, { [NAME]: example.texts })
      const posted = await app.request('POST', `/f/${app.endpoint.token}`, {
        raw: new URLSearchParams(pairs),
        headers: FORM,
      })
      expect(posted.status).toBe(303)
      expect(posted.headers.get('location')).toBe(`/f/${app.endpoint.token}/thanks`)
      expect(await app.stored()).toEqual([{ [NAME]: example.stored }])
    })

    test('round-trips through the HTML snippet posting to /form', async () => {
      const app = await oneFieldApp(type)
      const fields = (await app.call('fields.list', { params: { id: app.endpoint.appId } }, { token: app.owner.token }))
        .body.data.fields
      const snippet = htmlFormSnippet(`http://localhost:8787${app.endpoint.path()}`, fields, '_gotcha')
      const example = formExample(type, app.options, { name: NAME, label: 'The answer' })
      const pairs = await fillForm(snippet, { [NAME]: example.texts })
      const posted = await app.call(
        'ingest.form',
        { params: { token: app.endpoint.token } },
        { raw: new URLSearchParams(pairs), headers: FORM },
      )
      expect(posted.status).toBe(200)
      expect(await app.stored()).toEqual([{ [NAME]: example.stored }])
    })
  }

  test('?help shows exactly the HTML form snippet of the admin Setup tab', async () => {
    const app = await oneFieldApp(type, { required: true })
    const input = { params: { id: app.endpoint.appId } }
    const options = { token: app.owner.token }
    const [fields, urls, share] = await Promise.all([
      app.call('fields.list', input, options),
      app.call('apps.urls', input, options),
      app.call('share.get', input, options),
    ])
    // What svc-endpoint-help renders: the app's endpoint URL, its fields and its honeypot.
    const admin = htmlFormSnippet(urls.body.data.endpoint!, fields.body.data.fields, share.body.data.honeypot)
    const help = (await app.request('GET', app.endpoint.path('?help'))).text
    expect(help).toContain(`\n${codeBlock(admin, 'html')}\n`)
    expect(help.match(/<form /g)).toHaveLength(1)
  })
})

describe('the boolean control', () => {
  test('No posts false, and a required boolean answered No is an answer (a checkbox left unticked would post nothing)', async () => {
    const app = await oneFieldApp('boolean', { required: true })
    const page = (await app.request('GET', `/f/${app.endpoint.token}`)).text
    const posted = await app.request('POST', `/f/${app.endpoint.token}`, {
      raw: new URLSearchParams(await fillForm(page, { [NAME]: ['false'] })),
      headers: FORM,
    })
    expect(posted.status).toBe(303)
    expect(await app.stored()).toEqual([{ [NAME]: false }])
  })

  test('nothing picked posts nothing: a required boolean is refused as unanswered', async () => {
    const app = await oneFieldApp('boolean', { required: true })
    const page = (await app.request('GET', `/f/${app.endpoint.token}`)).text
    const pairs = await fillForm(page, {})
    expect(pairs).toEqual([
      ['_gotcha', ''],
      ['_loaded', expect.stringMatching(/^\d+\.[0-9a-f]{64}$/)],
    ])
    const posted = await app.request<ErrorEnvelope>('POST', `/f/${app.endpoint.token}`, {
      raw: new URLSearchParams(pairs),
      headers: { ...FORM, accept: 'application/json' },
    })
    expect(posted.status).toBe(422)
    expect(posted.body.error.details?.problems).toEqual([{ path: NAME, message: 'is required' }])
  })
})

describe('a choice with more options than radio buttons', () => {
  test('is a select list on the fill-in page and in the snippet, and its options post their exact text', async () => {
    const options = [...OPTIONS, ...Array.from({ length: 10 }, (_, i) => `option ${i}`)]
    const app = await oneFieldApp('choice', { options })
    const page = (await app.request('GET', `/f/${app.endpoint.token}`)).text
    expect(page).toContain('<option value="">Choose…</option>')
    const pairs = await fillForm(page, { [NAME]: ['two  spaces'] })
    expect(
      (await app.request('POST', `/f/${app.endpoint.token}`, { raw: new URLSearchParams(pairs), headers: FORM }))
        .status,
    ).toBe(303)
    const fields = (await app.call('fields.list', { params: { id: app.endpoint.appId } }, { token: app.owner.token }))
      .body.data.fields
    const snippet = htmlFormSnippet(`http://localhost:8787${app.endpoint.path()}`, fields, '_gotcha')
    expect(snippet).toContain('<select name="answer &lt;&amp;&gt;">')
    const snippetPairs = await fillForm(snippet, { [NAME]: ['option 9'] })
    expect(
      (
        await app.call(
          'ingest.form',
          { params: { token: app.endpoint.token } },
          { raw: new URLSearchParams(snippetPairs), headers: FORM },
        )
      ).status,
    ).toBe(200)
    expect(await app.stored()).toEqual([{ [NAME]: 'two  spaces' }, { [NAME]: 'option 9' }])
  })
})
