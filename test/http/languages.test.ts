/**
 * The same form in several languages: a field's `translations` (saved, refused with 422 naming
 * the field and the language, kept in step with its options), the share settings `language`
 * and `translations`, the fill-in page's choice (?lang=, then Accept-Language with q-values and
 * prefixes, then the default), and the stored record: canonical values and `meta.lang`.
 */
import { describe, expect, test } from 'bun:test'
import { publish } from '../../server/core/share/publish.ts'
import { testApp, validationBody } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const FRENCH_COLOR = { label: 'Votre couleur', help: 'Une seule', options: ['Rouge', 'Bleu'] }

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const as = { token: owner.token }
  const appId: string = (await t.call('apps.create', { body: { name: 'Survey' } }, as)).body.data.id
  const addField = (body: { name: string } & Record<string, unknown>) =>
    t.call('fields.add', { params: { id: appId }, body: body as never }, as)
  const updateField = (field: string, body: Record<string, unknown>) =>
    t.call('fields.update', { params: { id: appId, field }, body: body as never }, as)
  const share = (body: Record<string, unknown>) =>
    t.call('share.update', { params: { id: appId }, body: body as never }, as)
  const stored = async (name: string) => JSON.parse((await t.ctx.storage.fields.find(appId, name))!.form ?? 'null')
  return { t, owner, as, appId, addField, updateField, share, stored }
}

/** A published form with a required choice field translated into French, and French share texts. */
async function frenchForm() {
  const s = await setup()
  const added = await s.addField({
    name: 'color',
    type: 'choice',
    label: 'Your colour',
    required: true,
    options: ['Red', 'Blue'],
    translations: { fr: FRENCH_COLOR },
  })
  expect(added.status).toBe(200)
  expect((await s.addField({ name: 'note', label: 'A note' })).status).toBe(200)
  // The same answer is posted again on purpose here: no duplicate window.
  expect(
    (await s.share({ translations: { fr: { thankYouMessage: 'Merci beaucoup !' } }, dedupeSeconds: 0 })).status,
  ).toBe(200)
  const token = (await publish(s.t.ctx, s.owner.user.id, s.appId)).token!
  const page = (path: string, headers: Record<string, string> = {}) => s.t.request('GET', path, { headers })
  const post = (pairs: Array<[string, string]>, headers: Record<string, string> = {}) =>
    s.t.request('POST', `/f/${token}`, { raw: new URLSearchParams(pairs), headers: { ...FORM, ...headers } })
  const records = async () =>
    (await s.t.call('records.list', { params: { id: s.appId } }, s.as)).body.records as Array<{
      data: unknown
      meta: Record<string, unknown>
    }>
  return { ...s, token, page, post, records }
}

describe("a field's translations", () => {
  test('are saved, shown with the field and merged key by key; null removes a language', async () => {
    const { addField, updateField, stored } = await setup()
    const added = await addField({
      name: 'color',
      type: 'choice',
      options: ['Red', 'Blue'],
      translations: { fr: { ...FRENCH_COLOR, label: '  Votre couleur  ' }, 'pt-BR': { label: 'Sua cor' } },
    })
    expect([added.status, added.body.data.translations]).toEqual([
      200,
      { fr: FRENCH_COLOR, 'pt-BR': { label: 'Sua cor' } },
    ])
    const changed = await updateField('color', { translations: { 'pt-BR': null, de: { label: 'Ihre Farbe' } } })
    expect(changed.body.data.translations).toEqual({ fr: FRENCH_COLOR, de: { label: 'Ihre Farbe' } })
    expect((await stored('color')).translations).toEqual({ fr: FRENCH_COLOR, de: { label: 'Ihre Farbe' } })
    // Key by key within a language: '' removes a text, the others stay.
    const keyed = await updateField('color', { translations: { fr: { label: 'Couleur', help: '' } } })
    expect(keyed.body.data.translations).toEqual({
      fr: { label: 'Couleur', options: ['Rouge', 'Bleu'] },
      de: { label: 'Ihre Farbe' },
    })
    const cleared = await updateField('color', { translations: null })
    expect([cleared.status, 'translations' in cleared.body.data, await stored('color')]).toEqual([200, false, null])
  })

  test.each([
    [
      'options of the wrong length',
      { fr: { options: ['Rouge'] } },
      {
        path: 'translations.fr.options',
        message:
          'field "color", language "fr": must list 2 options, one per option of the field in its order (it lists 1)',
      },
    ],
    [
      'a tag that is not a language tag',
      { french: { label: 'Couleur' } },
      { path: 'translations.french', message: 'is not a language tag such as "fr" or "pt-BR"' },
    ],
    [
      'an unknown key',
      { fr: { title: 'Couleur' } },
      { path: 'translations.fr', message: 'takes only label, help, placeholder, options' },
    ],
    [
      'too many languages',
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`a${String.fromCharCode(97 + i)}`, { label: 'x' }])),
      { path: 'translations', message: 'can hold at most 20 languages' },
    ],
    [
      'a label longer than a label may be',
      { fr: { label: 'x'.repeat(201) } },
      { path: 'translations.fr.label', message: 'can have at most 200 characters' },
    ],
  ])('refuses %s with 422 and stores nothing', async (_label, translations, problem) => {
    const { addField, stored, t, appId } = await setup()
    const res = await addField({ name: 'color', type: 'choice', options: ['Red', 'Blue'], translations })
    expect<unknown>([res.status, res.body]).toEqual([422, validationBody(problem)])
    expect(await t.ctx.storage.fields.find(appId, 'color')).toBeFalsy()
    expect(stored).toBeDefined()
  })

  test('a change of options that leaves a translation the wrong length is refused; with fitting translations it is saved', async () => {
    const { addField, updateField, stored } = await setup()
    await addField({ name: 'color', type: 'choice', options: ['Red', 'Blue'], translations: { fr: FRENCH_COLOR } })
    const refused = await updateField('color', { options: ['Red', 'Blue', 'Green'] })
    expect<unknown>([refused.status, refused.body]).toEqual([
      422,
      validationBody({
        path: 'options',
        message:
          'field "color", language "fr": its translation lists 2 options and the field would have 3; send translations.fr.options with one label per option in the same change',
      }),
    ])
    expect((await stored('color')).translations).toEqual({ fr: FRENCH_COLOR })
    const both = await updateField('color', {
      options: ['Red', 'Blue', 'Green'],
      translations: { fr: { ...FRENCH_COLOR, options: ['Rouge', 'Bleu', 'Vert'] } },
    })
    expect([both.status, both.body.data.options, both.body.data.translations?.fr.options]).toEqual([
      200,
      ['Red', 'Blue', 'Green'],
      ['Rouge', 'Bleu', 'Vert'],
    ])
    // A type without options drops the translated options, as it drops the options; the texts stay.
    const text = await updateField('color', { type: 'text' })
    expect([text.status, text.body.data.translations]).toEqual([
      200,
      { fr: { label: 'Votre couleur', help: 'Une seule' } },
    ])
    const noOptions = await updateField('color', { translations: { fr: { options: ['Rouge'] } } })
    expect<unknown>([noOptions.status, noOptions.body]).toEqual([
      422,
      validationBody({
        path: 'translations.fr.options',
        message: 'field "color", language "fr": the field has no options to translate; leave options out',
      }),
    ])
  })
})

describe("the form's languages in its share settings", () => {
  test('language and translations are saved and shown; bad ones are refused with 422', async () => {
    const { share } = await setup()
    const saved = await share({
      language: 'de',
      translations: { fr: { thankYouMessage: ' Merci ! ', closedMessage: 'Fermé.' }, 'pt-BR': {} },
    })
    expect([saved.status, saved.body.data.language, saved.body.data.translations]).toEqual([
      200,
      'de',
      { fr: { thankYouMessage: 'Merci !', closedMessage: 'Fermé.' }, 'pt-BR': {} },
    ])
    const merged = await share({ translations: { 'pt-BR': null } })
    expect(merged.body.data.translations).toEqual({ fr: { thankYouMessage: 'Merci !', closedMessage: 'Fermé.' } })
    const refused = await share({ language: 'French', translations: { fr: { thanks: 'x' } } })
    expect<unknown>([refused.status, refused.body]).toEqual([
      422,
      validationBody(
        {
          path: 'language',
          message: 'must be a language tag such as "fr" or "pt-BR" (lower-case language, upper-case region)',
        },
        { path: 'translations.fr', message: 'takes only thankYouMessage and closedMessage' },
      ),
    ])
  })
})

describe('the fill-in page in a chosen language', () => {
  test('?lang=fr shows the French texts, option labels over the canonical values, <html lang> and the switcher', async () => {
    const { page, token } = await frenchForm()
    const html = (await page(`/f/${token}?lang=fr&utm_source=mail`)).text
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain(
      `<nav class="languages" aria-label="Langues"><ul><li><a href="?lang=en&amp;utm_source=mail" hreflang="en" lang="en">English</a></li><li><span aria-current="true" lang="fr">français</span></li></ul></nav>`,
    )
    expect(html).toContain(
      '<legend>Votre couleur<span class="req" aria-hidden="true">*</span><span class="visually-hidden"> (obligatoire)</span></legend>',
    )
    expect(html).toContain('<p class="hint pre-line" id="q0-help">Une seule</p>')
    expect(html).toContain('value="Red"')
    expect(html).toContain('<span>Rouge</span>')
    expect(html).toContain('<span>Bleu</span>')
    // A field without a French text keeps its own.
    expect(html).toContain('<label for="q1">A note</label>')
    expect(html).toContain('<input type="hidden" name="_lang" value="fr">')
    expect(html).toContain('<button type="submit">Envoyer</button>')
    expect(html).toContain(' data-words="{')
  })

  test.each([
    ['no preference', {}, 'en'],
    ['Accept-Language with a region', { 'accept-language': 'fr-CA,fr;q=0.9' }, 'fr'],
    ['q-values ranking an unoffered language first', { 'accept-language': 'de;q=0.9, fr;q=0.8, en;q=0.7' }, 'fr'],
    ['q-values preferring English', { 'accept-language': 'fr;q=0.5, en' }, 'en'],
    ['q=0 ruling French out', { 'accept-language': 'fr;q=0, de' }, 'en'],
    ['a malformed header', { 'accept-language': ';;;q=abc,,' }, 'en'],
    ['an over-long header', { 'accept-language': `${'x-'.repeat(400)}fr` }, 'en'],
  ])('chooses by %s', async (_label, headers, lang) => {
    const { page, token } = await frenchForm()
    expect((await page(`/f/${token}`, headers)).text).toContain(`<html lang="${lang}">`)
  })

  test('?lang= comes first; an unoffered or malformed one is ignored', async () => {
    const { page, token } = await frenchForm()
    expect((await page(`/f/${token}?lang=en`, { 'accept-language': 'fr' })).text).toContain('<html lang="en">')
    expect((await page(`/f/${token}?lang=FR`)).text).toContain('<html lang="fr">')
    expect((await page(`/f/${token}?lang=de`, { 'accept-language': 'fr' })).text).toContain('<html lang="fr">')
    const bad = await page(`/f/${token}?lang=%3Cscript%3E`)
    expect([bad.status, bad.text.includes('<html lang="en">'), bad.text.includes('<script>')]).toEqual([
      200,
      true,
      false,
    ])
  })

  test('a form in one language has no switcher and posts no _lang', async () => {
    const { t, owner, appId, addField } = await setup()
    await addField({ name: 'name' })
    const token = (await publish(t.ctx, owner.user.id, appId)).token!
    const html = (await t.request('GET', `/f/${token}?lang=fr`)).text
    expect([html.includes('<html lang="en">'), html.includes('nav class="languages"'), html.includes('_lang')]).toEqual(
      [true, false, false],
    )
  })
})

describe('a post in a chosen language', () => {
  test('without JavaScript stores the canonical value and meta.lang, and thanks in French', async () => {
    const { post, records, token, page } = await frenchForm()
    const res = await post([
      ['color', 'Blue'],
      ['_lang', 'fr'],
    ])
    expect([res.status, res.headers.get('location')]).toEqual([303, `/f/${token}/thanks?lang=fr`])
    expect((await records()).map(({ data, meta }) => ({ data, lang: meta.lang }))).toEqual([
      { data: { color: 'Blue' }, lang: 'fr' },
    ])
    const thanks = (await page(`/f/${token}/thanks?lang=fr`)).text
    expect(thanks).toContain('<html lang="fr">')
    expect(thanks).toContain('<h1>Merci</h1><p class="pre-line">Merci beaucoup !</p>')
    expect(thanks).toContain(`<a href="/f/${token}?lang=fr">Envoyer une autre réponse</a>`)
  })

  test('with JavaScript (JSON) stores the same record', async () => {
    const { post, records } = await frenchForm()
    const res = await post(
      [
        ['color', 'Red'],
        ['_lang', 'fr'],
      ],
      { accept: 'application/json' },
    )
    expect(res.status).toBe(200)
    expect((await records()).map(({ data, meta }) => ({ data, lang: meta.lang }))).toEqual([
      { data: { color: 'Red' }, lang: 'fr' },
    ])
  })

  test('an unoffered or malformed _lang is not kept, and never changes a value', async () => {
    const { post, records } = await frenchForm()
    for (const lang of ['de', 'fr-CA', '<b>', 'x'.repeat(5000)])
      expect(
        (
          await post([
            ['color', 'Red'],
            ['_lang', lang],
          ])
        ).status,
      ).toBe(303)
    expect((await records()).map(({ data, meta }) => ({ data, lang: meta.lang ?? null }))).toEqual(
      Array.from({ length: 4 }, () => ({ data: { color: 'Red' }, lang: null })),
    )
  })

  test('a translated label is no answer: only the canonical option is taken', async () => {
    const { post, records } = await frenchForm()
    const res = await post([
      ['color', 'Bleu'],
      ['_lang', 'fr'],
    ])
    expect(res.status).toBe(422)
    expect(res.text).toContain('<html lang="fr">')
    expect(res.text).toContain('<h2>Il y a un problème</h2>')
    expect(res.text).toContain('Votre couleur: Choisissez l’une des options')
    expect(await records()).toEqual([])
  })

  test('a refused post in French says what to fix in French', async () => {
    const { post } = await frenchForm()
    const res = await post([
      ['note', 'hi'],
      ['_lang', 'fr'],
    ])
    expect(res.status).toBe(422)
    expect(res.text).toContain('<title>Erreur : Survey</title>')
    expect(res.text).toContain('<a href="#q0-0">Votre couleur: Choisissez une réponse</a>')
  })

  test('a closed form says so in the chosen language: the default sentence, or the owner’s French text', async () => {
    const { share, page, token } = await frenchForm()
    await share({ closed: true })
    const closed = await page(`/f/${token}?lang=fr`)
    expect([closed.status, closed.text.includes('Ce formulaire est clos')]).toEqual([403, true])
    await share({ closedMessage: 'Closed for now.', translations: { fr: { closedMessage: 'Fermé pour le moment.' } } })
    expect((await page(`/f/${token}`, { 'accept-language': 'fr' })).text).toContain('<p>Fermé pour le moment.</p>')
    expect((await page(`/f/${token}`)).text).toContain('<p>Closed for now.</p>')
  })
})

describe('page titles in a chosen language', () => {
  test("a page's title shows in the language chosen, its own title where no translation is written", async () => {
    const s = await frenchForm()
    expect((await s.addField({ name: 'more', label: 'Anything else?', page: 2 })).status).toBe(200)
    const pages = [{ title: 'About you', translations: { fr: { title: 'À propos de vous' } } }, { title: 'Details' }]
    expect((await s.share({ pages })).status).toBe(200)
    const french = (await s.page(`/f/${s.token}?lang=fr`)).text
    expect(french).toContain('<h2 class="page-title" id="page-1-title">À propos de vous</h2>')
    expect(french).toContain('<h2 class="page-title" id="page-2-title">Details</h2>')
    const english = (await s.page(`/f/${s.token}`)).text
    expect(english).toContain('<h2 class="page-title" id="page-1-title">About you</h2>')
  })
})
