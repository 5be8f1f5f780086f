import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { url } from '../../../../server/contract/fields/types/url.ts'

const REFUSED = (got: string) => `must be a web address starting with http:// or https://, got ${got}`

test('url: an http or https address with a host, stored as sent; a url input', () => {
  expect(
    ['https://example.com', 'http://localhost:8787/f/abc?x=1#top', 'https://xn--bcher-kva.example/ü'].map((text) =>
      url.check(text, null),
    ),
  ).toEqual([null, null, null])
  expect([
    url.check('example.com', null),
    url.check('javascript:alert(1)', null),
    url.check('mailto:ada@example.com', null),
    url.check('https://exa mple.com', null),
    url.check(' https://example.com', null),
    url.check('https://', null),
    url.check(['https://example.com'], null),
  ]).toEqual([
    REFUSED('string "example.com"'),
    REFUSED('string "javascript:alert(1)"'),
    REFUSED('string "mailto:ada@example.com"'),
    REFUSED('string "https://exa mple.com"'),
    REFUSED('string " https://example.com"'),
    REFUSED('string "https://"'),
    REFUSED('an array'),
  ])
  expect(url.form.coerce('HTTPS://Example.COM', LIMITS)).toBe('HTTPS://Example.COM')
  expect(url.form.keepsEmpty).toBe(false)
  expect(url.control).toEqual({ kind: 'input', type: 'url', autocomplete: 'url' })
  expect([url.summary, url.identifying, url.scoring]).toEqual(['values', false, null])
  expect(url.respondent).toEqual({
    missing: 'Enter a website address',
    invalid: 'Enter a website address, like https://example.com',
  })
})
