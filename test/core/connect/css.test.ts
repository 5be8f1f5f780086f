/**
 * Custom CSS as a browser reads it (issue 31, row 10): every url(), src(), image() and
 * image-set() a browser would load must be a relative path on the svc server or a
 * data:image URL, whatever quotes, escapes or comments hide it.
 */
import { describe, expect, test } from 'bun:test'
import { allowedCssUrl, customCssProblems } from '../../../server/contract/connect/css.ts'

const substituted = (urlFunction: string, substitute: string) =>
  `${urlFunction}(${substitute}(…)) is refused: a URL in custom CSS must be written out, not taken from var(), env() or attr()`
const refusedUrl = (call: string) =>
  `${call} is refused: a URL in custom CSS must be a relative path on this server or a data:image URL`

describe('customCssProblems', () => {
  test.each([
    // The quoted ")" that ended the old pattern's url(…) early (Chromium loaded it).
    ['body { background: url("//host/a)b") }', [refusedUrl('url("//host/a)b")')]],
    ['body { background: url(//evil) }', [refusedUrl('url("//evil")')]],
    ["body { background: url( '//evil' ) }", [refusedUrl('url("//evil")')]],
    ['body { background: url(https://tracker.example/p.gif) }', [refusedUrl('url("https://tracker.example/p.gif")')]],
    ['body { background: URL(HTTPS://tracker.example/p.gif) }', [refusedUrl('url("HTTPS://tracker.example/p.gif")')]],
    // Escapes are decoded as a browser decodes them.
    ['body { background: u\\rl(//evil) }', [refusedUrl('url("//evil")')]],
    ['body { background: \\75rl(https://x) }', [refusedUrl('url("https://x")')]],
    ['body { background: url(\\2f\\2f evil) }', [refusedUrl('url("//evil")')]],
    ['body { background: url("\\\\/evil.example/x") }', [refusedUrl('url("\\\\/evil.example/x")')]],
    // A scheme-relative trick that is same-origin on https but not on http.
    ['body { background: url("https:evil.example/x") }', [refusedUrl('url("https:evil.example/x")')]],
    ['a { background: url("javascript:alert(1)") }', [refusedUrl('url("javascript:alert(1)")')]],
    // A browser drops a malformed url() (here the "(" inside it); refused all the same, to say so.
    [
      'a { background: url(javascript:alert(1)) }',
      ['cannot contain a malformed url() (quotes, spaces or "(" inside an unquoted url)'],
    ],
    [
      'a { background: url("data:text/html,<b>") }',
      ['cannot contain "<" (it could close the style element)', refusedUrl('url("data:text/html,<b>")')],
    ],
    ['@import "https://evil.example/x.css";', ['cannot use @import']],
    ['@import url(x.css);', ['cannot use @import']],
    ['@im\\port "x.css";', ['cannot use @import']],
    [
      'p { background-image: image-set("https://x.example/a.png" 1x, url(/ok.png) 2x) }',
      [refusedUrl('image-set("https://x.example/a.png")')],
    ],
    ['p { background-image: -webkit-image-set(url(//x.example/a.png) 1x) }', [refusedUrl('url("//x.example/a.png")')]],
    [
      'p { background-image: image-set(var(--a, "//x.example/a.png") 1x) }',
      [substituted('image-set', 'var'), refusedUrl('image-set("//x.example/a.png")')],
    ],
    // A custom property holds the address (issue 41, row 7): the string alone is not a URL yet.
    [
      'p { --u: "https://x.example/a.png"; background-image: image-set(var(--u) 1x) }',
      [substituted('image-set', 'var')],
    ],
    ['p { --u: "//x.example/a.png"; background-image: src(var(--u)) }', [substituted('src', 'var')]],
    ['p { background-image: -webkit-image-set(VAR(--u) 1x) }', [substituted('-webkit-image-set', 'var')]],
    // Escapes decode to var; nested functions still sit inside the URL function.
    ['p { background-image: image-set(v\\61r(--u) 1x) }', [substituted('image-set', 'var')]],
    ['p { background-image: image-set(image(var(--u)) 1x) }', [substituted('image', 'var')]],
    ['p { background-image: image-set(calc(var(--u)) 1x) }', [substituted('image-set', 'var')]],
    ['p { background-image: image(env(--u)) }', [substituted('image', 'env')]],
    ['p { background-image: image-set(attr(data-u url) 1x) }', [substituted('image-set', 'attr')]],
    [
      'p { background-image: image-set(var(--u) 1x, attr(data-v) 2x) }',
      [substituted('image-set', 'var'), substituted('image-set', 'attr')],
    ],
    // url( followed by var( is an unquoted url with "(" in it: malformed, as before.
    [
      'p { background: url(var(--u)) }',
      ['cannot contain a malformed url() (quotes, spaces or "(" inside an unquoted url)'],
    ],
    ['p { background-image: image("//x.example/a.png") }', [refusedUrl('image("//x.example/a.png")')]],
    [
      '@font-face { src: src("//x.example/f.woff") }',
      [
        'cannot use @namespace or @font-face (fonts come from the system stacks)',
        refusedUrl('src("//x.example/f.woff")'),
      ],
    ],
    ['p { width: expression(alert(1)) }', ['cannot use expression()']],
    ['</style><script>alert(1)</script>', ['cannot contain "<" (it could close the style element)']],
    ['a { behavior: url(x.htc) }', ['cannot use -moz-binding or behavior']],
    ['p { background: url(a b) }', ['cannot contain a malformed url() (quotes, spaces or "(" inside an unquoted url)']],
    // Long URLs are quoted in part.
    [`p { background: url(//${'x'.repeat(500)}) }`, [refusedUrl(`url("//${'x'.repeat(78)}…")`)]],
  ])('%p is refused', (css, messages) => {
    expect(customCssProblems(css)).toEqual(messages.map((message) => ({ path: 'customCss', message })))
  })

  test.each([
    'body { background: url("data:image/png;base64,iVBORw0KGgo=") }',
    "body { background: url('data:image/svg+xml;utf8,%3Csvg%3E') }",
    'body { background: url(/static/dot.png) }',
    'body { background: url(img/dot.png) url(./a.png) url(../b.png) url(?v=1) }',
    'svg { filter: url(#shadow) }',
    'p { background-image: image-set("/a.png" 1x, url(b.png) 2x) }',
    // var() outside a URL function may hold anything a property takes.
    'p { --gap: 4px; --img: url(/a.png); margin: var(--gap); background-image: var(--img) }',
    // Strings that are not URLs may say anything; a ")" in a string is not the end of a call.
    'p::after { content: "see https://example.com (or url(//x))" }',
    'h1 { letter-spacing: .02em } /* url(//evil) in a comment loads nothing */',
    // Not a comment inside an unquoted url(): the path /**/https://x on this server.
    'body { background: url(/**/https://x) }',
    // A comment splits the at-keyword: an unknown @IM rule, which a browser ignores, not @import.
    '@IM/**/PORT url(x.css);',
  ])('%p is allowed', (css) => {
    expect(customCssProblems(css)).toEqual([])
  })

  test('same-origin means a relative reference; an absolute URL naming any host is refused', () => {
    expect(
      [
        '/a.png',
        'a.png',
        '#x',
        '',
        'data:image/gif;base64,R0lGOD',
        'https://page-b.svc.invalid/a.png',
        '//page-a.svc.invalid/a.png',
        'http:a.png',
        'data:image/svg',
        'blob:x',
      ].map((url) => [url, allowedCssUrl(url)]),
    ).toEqual([
      ['/a.png', true],
      ['a.png', true],
      ['#x', true],
      ['', true],
      ['data:image/gif;base64,R0lGOD', true],
      ['https://page-b.svc.invalid/a.png', false],
      ['//page-a.svc.invalid/a.png', false],
      ['http:a.png', false],
      ['data:image/svg', false],
      ['blob:x', false],
    ])
  })
})
