/**
 * The form's page layout (share setting `pages`, stored in the endpoint's form_layout): titles
 * and page conditions saved, shown and cleared; refused with 422 naming what to fix (a
 * condition on a field of the same or a later page, too many pages, a long title, a bad
 * language tag); a page whose condition fails asks none of its questions on every ingest
 * route (ingest.post, ingest.form, ingest.batch, the fill-in page's post); and the fill-in
 * page and ?help show the titles.
 */
import { describe, expect, test } from 'bun:test'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testApp, validationBody } from '../support/http.ts'
import { invalid, target } from '../support/call.ts'

const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' }

const DETAILS_IF = { all: [{ field: 'happy', op: 'eq' as const, value: 'no' }] }
const PAGES = [
  { title: 'About you' },
  { title: 'Details', showIf: DETAILS_IF, translations: { fr: { title: 'Détails' }, 'pt-BR': { title: 'Detalhes' } } },
  { title: 'Last words' },
]

/** Page 1: name, happy (yes/no); page 2: why (required), when happy is no; page 3: more. */
async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    fields: [
      { name: 'name', label: 'Your name' },
      { name: 'happy', type: 'choice', options: ['yes', 'no'], required: true, label: 'Happy?' },
      { name: 'why', required: true, label: 'Why not?', page: 2 },
      { name: 'more', type: 'longtext', label: 'Anything else?', page: 3 },
    ],
  })
  const owner = { token: endpoint.ownerToken }
  const setPages = (pages: unknown) =>
    t.call('share.update', { params: { id: endpoint.appId }, body: invalid({ pages }) }, owner)
  const params = { params: { token: endpoint.token } }
  const stored = async () => (await storedRecords(t.ctx, endpoint.appId)).map((record) => record.data)
  const layout = async () => (await t.ctx.storage.share.endpoint(endpoint.appId))!.formLayout
  return { t, endpoint, owner, setPages, params, stored, layout }
}

describe('share setting pages', () => {
  test('titles and page conditions are stored as the form layout, shown, and cleared by [] or null', async () => {
    const { t, endpoint, owner, setPages, layout } = await setup()
    const saved = await setPages(PAGES)
    expect(saved.status).toBe(200)
    expect(saved.body.data.pages).toEqual(PAGES)
    expect(JSON.parse((await layout())!)).toEqual({ pages: PAGES })
    const got = await t.call('share.get', { params: { id: endpoint.appId } }, owner)
    expect(got.body.data.pages).toEqual(PAGES)
    // A title is trimmed; one left out is ''.
    expect((await setPages([{ title: '  Start  ' }, {}])).body.data.pages).toEqual([{ title: 'Start' }, { title: '' }])
    expect((await setPages([])).body.data.pages).toEqual([])
    expect(await layout()).toBeNull()
    await setPages(PAGES)
    expect((await setPages(null)).body.data.pages).toEqual([])
    expect(await layout()).toBeNull()
  })

  test.each([
    [
      'a condition on a field of its own page',
      [{}, { showIf: { all: [{ field: 'why', op: 'answered' }] } }],
      [
        {
          path: 'pages.1.showIf.all.0.field',
          message:
            'names "why", which is on page 2; a page\'s condition can only look at fields on earlier pages (before page 2)',
        },
      ],
    ],
    [
      'a condition on a later page',
      [
        {},
        {
          showIf: {
            any: [
              { field: 'happy', op: 'answered' },
              { field: 'more', op: 'answered' },
            ],
          },
        },
      ],
      [
        {
          path: 'pages.1.showIf.any.1.field',
          message:
            'names "more", which is on page 3; a page\'s condition can only look at fields on earlier pages (before page 2)',
        },
      ],
    ],
    [
      'a condition on the first page',
      [{ showIf: DETAILS_IF }],
      [
        {
          path: 'pages.0.showIf.all.0.field',
          message:
            'names "happy", which is on page 1; a page\'s condition can only look at fields on earlier pages (before page 1)',
        },
      ],
    ],
    [
      'a condition on no field',
      [{}, { showIf: { all: [{ field: 'mood', op: 'answered' }] } }],
      [{ path: 'pages.1.showIf.all.0.field', message: 'names "mood", which is not a field of this app' }],
    ],
    [
      'a value the field cannot hold',
      [{}, { showIf: { all: [{ field: 'happy', op: 'eq', value: 'maybe' }] } }],
      [
        {
          path: 'pages.1.showIf.all.0.value',
          message: 'must be one of "yes", "no", got "maybe" (the value of "happy", a choice field)',
        },
      ],
    ],
  ])('refuses %s with 422 naming it, and keeps the layout', async (_label, pages, problems) => {
    const { setPages, layout } = await setup()
    await setPages([{ title: 'Kept' }])
    const res = await setPages(pages)
    expect([res.status, res.body as unknown]).toEqual([422, validationBody(...problems)])
    expect(JSON.parse((await layout())!)).toEqual({ pages: [{ title: 'Kept' }] })
  })

  test.each([
    [
      'more than 50 pages',
      Array.from({ length: 51 }, () => ({})),
      [{ path: 'pages', message: 'can describe at most 50 pages' }],
    ],
    [
      'a title over 200 characters',
      [{ title: 'x'.repeat(201) }],
      [{ path: 'pages.0.title', message: 'can have at most 200 characters' }],
    ],
    [
      'a language tag that is not one',
      [{ translations: { French: { title: 'Détails' } } }],
      [{ path: 'pages.0.translations.French', message: 'must be a language tag such as fr or pt-BR' }],
    ],
    [
      'a translation without its title object',
      [{ translations: { fr: 'Détails' } }],
      [{ path: 'pages.0.translations.fr', message: 'must be an object {"title": "…"}' }],
    ],
    [
      'an unknown key',
      [{ heading: 'About you' }],
      [{ path: 'pages.0', message: 'unknown properties "heading"; allowed: title, showIf, translations' }],
    ],
    ['not a list', 'About you', [{ path: 'pages', message: 'must be a list of pages [{"title": "…"}], or null' }]],
  ])('refuses %s with 422', async (_label, pages, problems) => {
    const { setPages, layout } = await setup()
    const res = await setPages(pages)
    expect([res.status, res.body as unknown]).toEqual([422, validationBody(...problems)])
    expect(await layout()).toBeNull()
  })
})

describe('field changes that would break a page condition', () => {
  test('moving the named field onto the page, renaming or removing it is refused naming the page; the layout stays', async () => {
    const { t, endpoint, owner, setPages, layout } = await setup()
    await setPages(PAGES)
    const fieldId = async (name: string) =>
      (await t.call('fields.list', { params: { id: endpoint.appId } }, owner)).body.data.fields.find(
        (field: { name: string }) => field.name === name,
      )!.id as string
    const happy = await fieldId('happy')
    const moved = await t.call(
      'fields.update',
      { params: { id: endpoint.appId, field: happy }, body: { page: 2 } },
      owner,
    )
    expect([moved.status, moved.body as unknown]).toEqual([
      422,
      validationBody({
        path: 'page',
        message:
          'would break the condition of page 2 (pages.1.showIf.all.0.field: names "happy", which is on page 2; a page\'s condition can only look at fields on earlier pages (before page 2)); change the pages first',
      }),
    ])
    const renamed = await t.call(
      'fields.update',
      { params: { id: endpoint.appId, field: happy }, body: { name: 'glad' } },
      owner,
    )
    expect([renamed.status, renamed.body as unknown]).toEqual([
      422,
      validationBody({
        path: 'name',
        message:
          'would break the condition of page 2 (pages.1.showIf.all.0.field: names "happy", which is not a field of this app); change the pages first',
      }),
    ])
    const removed = await t.call('fields.remove', { params: { id: endpoint.appId, field: happy } }, owner)
    expect([removed.status, removed.body as unknown]).toEqual([
      409,
      {
        code: 409,
        error: {
          type: 'conflict',
          message: 'Page 2 is shown only on a condition naming "happy"; change the pages (share setting pages) first',
          details: { pages: [2] },
        },
      },
    ])
    const why = await fieldId('why')
    const reordered = await t.call(
      'fields.order',
      { params: { id: endpoint.appId }, body: { ids: [why, happy, await fieldId('name'), await fieldId('more')] } },
      owner,
    )
    expect([reordered.status, reordered.body as unknown]).toEqual([
      422,
      validationBody({
        path: 'ids',
        message:
          'would break the condition of page 2 (pages.1.showIf.all.0.field: names "happy", which is on page 2; a page\'s condition can only look at fields on earlier pages (before page 2)); change the pages first',
      }),
    ])
    expect(JSON.parse((await layout())!)).toEqual({ pages: PAGES })
    // A field no condition names changes freely.
    expect(
      (
        await t.call(
          'fields.update',
          { params: { id: endpoint.appId, field: await fieldId('name') }, body: { name: 'who' } },
          owner,
        )
      ).status,
    ).toBe(200)
  })
})

describe('a page whose condition fails asks none of its questions', () => {
  test('ingest.post and ingest.batch: its answers are dropped and its required question is not required', async () => {
    const { t, setPages, params, stored } = await setup()
    expect((await setPages(PAGES)).status).toBe(200)
    const skipped = await t.call('ingest.post', {
      ...params,
      body: { name: 'Ada', happy: 'yes', why: 'not asked', more: 'kept' },
    })
    expect(skipped.status).toBe(200)
    const missing = await t.call('ingest.post', { ...params, body: { happy: 'no' } })
    expect([missing.status, missing.body as unknown]).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'invalid_value',
          message: 'why: is required',
          details: { problems: [{ path: 'why', message: 'is required' }] },
        },
      },
    ])
    const shown = await t.call('ingest.batch', {
      ...params,
      body: [
        { happy: 'no', why: 'too slow' },
        { happy: 'yes', why: 'x' },
      ],
    })
    expect(shown.status).toBe(200)
    expect(await stored()).toEqual([
      { name: 'Ada', happy: 'yes', more: 'kept' },
      { happy: 'no', why: 'too slow' },
      { happy: 'yes' },
    ])
  })

  test('ingest.form and the fill-in page post: the same, from form text', async () => {
    const { t, endpoint, setPages, params, stored } = await setup()
    await setPages(PAGES)
    const form = (body: string) => t.call('ingest.form', params, { raw: body, headers: URLENCODED })
    expect((await form('happy=yes&why=hidden')).status).toBe(200)
    expect((await form('happy=no&why=')).status).toBe(422)
    const post = (body: string) => t.request('POST', `/f/${endpoint.token}`, { raw: body, headers: URLENCODED })
    expect((await post('happy=yes&why=hidden&more=seen')).status).toBe(303)
    const refused = await post('happy=no&why=')
    expect(refused.status).toBe(422)
    expect(refused.text).toContain('Why not? Enter an answer')
    expect((await post('happy=no&why=Too+dear')).status).toBe(303)
    expect(await stored()).toEqual([{ happy: 'yes' }, { happy: 'yes', more: 'seen' }, { happy: 'no', why: 'Too dear' }])
  })

  test('a change of the layout takes effect at once (the endpoint cache is told)', async () => {
    const { t, setPages, params, stored } = await setup()
    expect((await t.call('ingest.post', { ...params, body: { happy: 'yes', why: 'asked' } })).status).toBe(200)
    await setPages(PAGES)
    expect((await t.call('ingest.post', { ...params, body: { happy: 'yes', why: 'not asked' } })).status).toBe(200)
    await setPages(null)
    expect((await t.call('ingest.post', { ...params, body: { happy: 'yes', why: 'asked again' } })).status).toBe(200)
    expect(await stored()).toEqual([
      { happy: 'yes', why: 'asked' },
      { happy: 'yes' },
      { happy: 'yes', why: 'asked again' },
    ])
  })
})

describe('the fill-in page and ?help show the pages', () => {
  test('each page is a section headed by its title; the page condition goes to the script with its questions', async () => {
    const { t, endpoint, setPages } = await setup()
    await setPages(PAGES)
    const page = (await t.request('GET', `/f/${endpoint.token}`)).text
    expect(page).toContain(
      '<section class="page" data-page="2" data-title="Details" aria-labelledby="page-2-title">\n<h2 class="page-title" id="page-2-title">Details</h2>\n',
    )
    expect(page).toContain('<h2 class="page-title" id="page-1-title">About you</h2>')
    expect(page).toContain('<h2 class="page-title" id="page-3-title">Last words</h2>')
    const conditions = /data-conditions="([^"]*)"/.exec(page)![1].replaceAll('&quot;', '"')
    expect(JSON.parse(conditions)).toEqual([
      { name: 'name' },
      { name: 'happy', answer: 'text' },
      { name: 'why', pageIf: DETAILS_IF },
      { name: 'more' },
    ])
    // Required only while its page is shown: the script sets `required` then.
    expect(page).toMatch(/data-field="why"[^>]*data-required/)
  })

  test('?help lists the titles and when each page is shown', async () => {
    const { t, endpoint, setPages } = await setup()
    await setPages(PAGES)
    const help = (await t.request('GET', `${target('ingest.post', { params: { token: endpoint.token } }).path}?help`))
      .text
    expect(help).toContain(
      [
        'The pages of the fill-in form:',
        '- page 1: titled "About you"',
        '- page 2: titled "Details"; shown only when `happy is "no"`',
        '- page 3: titled "Last words"',
        '',
        'A page shown only on a condition (its `showIf`, on answers of earlier pages) is skipped when the condition does not hold: none of its questions is asked, so none is required and their answers are dropped from the stored record whatever was sent.',
        '',
      ].join('\n'),
    )
  })
})
