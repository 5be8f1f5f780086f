/**
 * Content rules (share setting `spamRules`): each rule stores a stranger's post as spam
 * with its reason in `meta.spamReasons`, answered like a success; the owner's posts are
 * never checked; the text examined is capped; the fill-in page's signed stamp times the
 * post (too fast, forged, fine) on the test's clock. On the suite's backend.
 */
import { describe, expect, test } from 'bun:test'
import { SPAM_RULE_LIMITS } from '../../server/contract/share/spam-rules.ts'
import { examinedText } from '../../server/core/spam/text.ts'
import { spamReasons } from '../../server/core/spam/rules.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testApp, validationBody } from '../support/http.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const STRANGER = '203.0.113.7'

async function setup(spamRules: unknown) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, { fields: [{ name: 'email', type: 'email' }] })
  const set = await t.call(
    'share.update',
    { params: { id: endpoint.appId }, body: { spamRules, dedupeSeconds: 0 } as never },
    { token: endpoint.ownerToken },
  )
  expect(set.status).toBe(200)
  const form = (pairs: Record<string, string>, token?: string) =>
    t.request('POST', `${endpoint.path}/form`, {
      raw: new URLSearchParams(pairs).toString(),
      headers: FORM,
      from: STRANGER,
      token,
    })
  const json = (body: unknown, token?: string) => t.request('POST', endpoint.path, { body, from: STRANGER, token })
  const stored = async () =>
    (await storedRecords(t.ctx, endpoint.appId)).map((record) => ({ spam: record.spam, meta: record.meta }))
  return { t, endpoint, form, json, stored }
}

const RULES = {
  maxLinks: 1,
  blockedWords: ['Buy now', 'casino'],
  blockedDomains: ['Spam.example'],
  blockDisposable: true,
  scripts: ['Latin'],
}

describe('spamRules: each rule gives its reason', () => {
  test.each([
    ['links', { message: 'see https://a.example and www.b.example' }, ['links']],
    ['blocked_word', { message: 'Best CASÌNO in town' }, ['blocked_word']],
    ['blocked_word (a phrase, any spacing)', { message: 'please buy\n  now!' }, ['blocked_word']],
    ['blocked_domain (a subdomain too)', { email: 'ada@mail.spam.example' }, ['blocked_domain']],
    ['disposable_domain', { email: 'ada@mailinator.com' }, ['disposable_domain']],
    ['unexpected_script', { message: 'Купите наши товары сегодня' }, ['unexpected_script']],
    ['several at once', { message: 'casino http://a.example http://b.example' }, ['links', 'blocked_word']],
  ])('%s: stored as spam with the reason, answered like a success', async (_label, pairs, reasons) => {
    const { form, stored } = await setup(RULES)
    const res = await form(pairs)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { id: expect.any(String) } })
    expect(await stored()).toEqual([{ spam: true, meta: { spamReasons: reasons } }])
  })

  test('a post that trips nothing is not spam; a word inside a longer word is no match', async () => {
    const { form, stored } = await setup(RULES)
    expect((await form({ message: 'Casinos? one link: https://a.example', email: 'ada@example.com' })).status).toBe(200)
    expect((await form({ message: 'Ok' })).status).toBe(200)
    expect(await stored()).toEqual([
      { spam: false, meta: {} },
      { spam: false, meta: {} },
    ])
  })

  test('JSON posts and batches are checked too', async () => {
    const { t, endpoint, json, stored } = await setup(RULES)
    expect((await json({ message: 'casino' })).status).toBe(200)
    const batch = await t.request('POST', `${endpoint.path}/batch`, {
      body: [{ message: 'fine' }, { email: 'x@spam.example' }],
      from: STRANGER,
    })
    expect(batch.status).toBe(200)
    expect(await stored()).toEqual([
      { spam: true, meta: { spamReasons: ['blocked_word'] } },
      { spam: false, meta: {} },
      { spam: true, meta: { spamReasons: ['blocked_domain'] } },
    ])
  })

  test("the owner's own posts (access token) are never checked", async () => {
    const { endpoint, form, json, stored } = await setup(RULES)
    expect((await form({ message: 'casino' }, endpoint.ownerToken)).status).toBe(200)
    expect((await json({ message: 'casino' }, endpoint.ownerToken)).status).toBe(200)
    expect(await stored()).toEqual([
      { spam: false, meta: {} },
      { spam: false, meta: {} },
    ])
  })

  test('the honeypot alone flags the post; its reason is the only one, the rules add none', async () => {
    const { form, stored } = await setup(RULES)
    expect((await form({ message: 'casino', _gotcha: 'x' })).status).toBe(200)
    expect(await stored()).toEqual([{ spam: true, meta: { spamReasons: ['honeypot'] } }])
  })
})

describe('spamRules: bounded', () => {
  test('only the first examinedChars characters of the text are read', async () => {
    const { json, stored } = await setup({ blockedWords: ['casino'] })
    const padding = 'a '.repeat(SPAM_RULE_LIMITS.examinedChars)
    expect((await json({ message: `${padding} casino` })).status).toBe(200)
    expect((await json({ message: `casino ${padding}` })).status).toBe(200)
    expect(await stored()).toEqual([
      { spam: false, meta: {} },
      { spam: true, meta: { spamReasons: ['blocked_word'] } },
    ])
  })

  test('the text examined is cut at the limit, values of arrays and objects included', () => {
    expect(examinedText({ a: ['xy', { b: 'zw' }], c: 1 }, 100)).toBe('xy\nzw')
    expect(examinedText({ a: 'x'.repeat(50), b: 'y'.repeat(50) }, 60)).toBe(`${'x'.repeat(50)}\n${'y'.repeat(9)}`)
    const rules = { maxLinks: 0 }
    const now = 0
    expect(
      spamReasons(
        rules,
        { a: 'x'.repeat(SPAM_RULE_LIMITS.examinedChars) + 'http://a' },
        { stamp: { kind: 'none' }, now },
      ),
    ).toEqual([])
  })

  test('the setting is bounded: lists, entries, scripts and unknown rules are refused with 422', async () => {
    const { t, endpoint } = await setup(null)
    const update = (spamRules: unknown) =>
      t.call(
        'share.update',
        { params: { id: endpoint.appId }, body: { spamRules } as never },
        { token: endpoint.ownerToken },
      )
    expect((await update({ blockedWords: Array.from({ length: 201 }, (_, i) => `w${i}`) })).body as unknown).toEqual(
      validationBody({ path: 'spamRules.blockedWords', message: 'can have at most 200 entries' }),
    )
    expect((await update({ blockedWords: ['x'.repeat(101)] })).body as unknown).toEqual(
      validationBody({ path: 'spamRules.blockedWords.0', message: 'can have at most 100 characters' }),
    )
    expect((await update({ blockedDomains: ['not a domain'] })).body as unknown).toEqual(
      validationBody({ path: 'spamRules.blockedDomains.0', message: 'must be a domain name such as example.net' }),
    )
    expect((await update({ scripts: ['Klingon'] })).body as unknown).toEqual(
      validationBody({
        path: 'spamRules.scripts.0',
        message: 'must be a Unicode script name such as Latin, Cyrillic or Han',
      }),
    )
    const unknown = await update({ maxLink: 2 })
    expect(unknown.status).toBe(422)
    expect(unknown.body as unknown).toEqual(
      validationBody({
        path: 'spamRules',
        message:
          'unknown rules "maxLink"; allowed: maxLinks, blockedWords, blockedDomains, blockDisposable, scripts, minSeconds, requireStamp',
      }),
    )
  })

  test('the rules read back as set, domains in lower case', async () => {
    const { t, endpoint } = await setup(RULES)
    const got = await t.call('share.get', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })
    expect(got.body.data.spamRules).toEqual({ ...RULES, blockedDomains: ['spam.example'] })
  })
})

describe('spamRules.minSeconds: the signed page stamp', () => {
  async function stamped(rules: unknown) {
    const s = await setup(rules)
    const page = (await s.t.request('GET', `/f/${s.endpoint.token}`)).text
    const stamp = /name="_loaded" value="([^"]+)"/.exec(page)![1]
    const fillIn = (pairs: Record<string, string>) =>
      s.t.request('POST', `/f/${s.endpoint.token}`, {
        raw: new URLSearchParams(pairs).toString(),
        headers: { ...FORM, accept: 'application/json' },
        from: STRANGER,
      })
    return { ...s, stamp, fillIn }
  }

  test('sooner than minSeconds after the page loaded: too_fast; later: not spam', async () => {
    const { t, stamp, fillIn, stored } = await stamped({ minSeconds: 3 })
    t.clock.advance(2999)
    expect((await fillIn({ message: 'one', _loaded: stamp })).status).toBe(200)
    t.clock.advance(1)
    expect((await fillIn({ message: 'two', _loaded: stamp })).status).toBe(200)
    expect(await stored()).toEqual([
      { spam: true, meta: { spamReasons: ['too_fast'] } },
      { spam: false, meta: {} },
    ])
  })

  test('a forged or altered stamp: bad_stamp; none: fine unless requireStamp', async () => {
    const { t, stamp, fillIn, form, stored } = await stamped({ minSeconds: 3 })
    t.clock.advance(10_000)
    const [at, mac] = stamp.split('.')
    expect((await fillIn({ message: 'a', _loaded: `${Number(at) - 60_000}.${mac}` })).status).toBe(200)
    expect((await fillIn({ message: 'b', _loaded: 'yesterday' })).status).toBe(200)
    expect((await form({ message: 'c' })).status).toBe(200)
    expect(await stored()).toEqual([
      { spam: true, meta: { spamReasons: ['bad_stamp'] } },
      { spam: true, meta: { spamReasons: ['bad_stamp'] } },
      { spam: false, meta: {} },
    ])
  })

  test('requireStamp: a post with no stamp gives no_stamp', async () => {
    const { form, json, stored } = await stamped({ minSeconds: 3, requireStamp: true })
    expect((await form({ message: 'c' })).status).toBe(200)
    expect((await json({ message: 'd' })).status).toBe(200)
    expect(await stored()).toEqual([
      { spam: true, meta: { spamReasons: ['no_stamp'] } },
      { spam: true, meta: { spamReasons: ['no_stamp'] } },
    ])
  })

  test("one app's stamp is forged on another", async () => {
    const { t, stamp } = await stamped({ minSeconds: 3 })
    const other = await makeEndpoint(t.ctx)
    await t.call(
      'share.update',
      { params: { id: other.appId }, body: { spamRules: { minSeconds: 1 } } as never },
      { token: other.ownerToken },
    )
    t.clock.advance(10_000)
    const res = await t.request('POST', `${other.path}/form`, {
      raw: new URLSearchParams({ n: '1', _loaded: stamp }).toString(),
      headers: FORM,
      from: STRANGER,
    })
    expect(res.status).toBe(200)
    expect((await storedRecords(t.ctx, other.appId)).map((record) => record.meta)).toEqual([
      { spamReasons: ['bad_stamp'] },
    ])
  })
})

describe('?help', () => {
  test('says which rules are on, never the lists, and how duplicates are answered', async () => {
    const { t, endpoint } = await setup({ ...RULES, minSeconds: 3 })
    const help = (await t.request('GET', `${endpoint.path}?help`)).text
    expect(help).toContain(
      [
        '## Spam and duplicates',
        '',
        "A post is stored flagged as spam, and answered like any success, when it has (`spamRules`; the reason codes are kept in the record's `meta.spamReasons`; posts with the owner's access token are never checked):",
        '- more than 1 link (`links`)',
        '- a blocked word or phrase (`blocked_word`)',
        '- an e-mail address at a blocked domain (`blocked_domain`)',
        '- an e-mail address at a disposable-mail domain (`disposable_domain`)',
        '- text mostly in a script other than Latin (`unexpected_script`)',
        '- a post sent sooner than 3 seconds after its page loaded (`too_fast`), timed by the signed `_loaded` value the hosted fill-in page carries; a forged one is `bad_stamp` (a post without one is not timed)',
        '',
        'Duplicates are stored as sent (`dedupeSeconds` is 0).',
      ].join('\n'),
    )
    expect(help).not.toContain('casino')
  })
})
