import { describe, expect, test } from 'bun:test'
import {
  codeBlock,
  codeCell,
  escapeHtml,
  escapeText,
  inlineCode,
  shellQuote,
} from '../../server/contract/help/markdown.ts'

describe('Markdown escaping of arbitrary field names', () => {
  test.each([
    ['name', '`name`'],
    ['a`b', '``a`b``'],
    ['a``b`', '``` a``b` ```'],
    ['`', '`` ` ``'],
    [' padded ', '`  padded  `'],
    [' left', '` left`'],
    ['   ', '`   `'],
    ['名前 ✓', '`名前 ✓`'],
  ])('inlineCode(%j) = %s', (text, code) => {
    expect(inlineCode(text)).toBe(code)
  })

  test.each([
    ['a|b', '`a\\|b`'],
    ['|`|', '``\\|`\\|``'],
  ])('codeCell(%j) = %s', (text, cell) => {
    expect(codeCell(text)).toBe(cell)
  })

  test('code blocks get a fence longer than any backtick run inside', () => {
    expect(codeBlock('x ```` y', 'sh')).toBe('`````sh\nx ```` y\n`````')
    expect(codeBlock('plain')).toBe('```\nplain\n```')
  })

  test('text, shell and HTML escaping', () => {
    expect(escapeText('*a* _b_ [c](d) <e> # | ~')).toBe('\\*a\\* \\_b\\_ \\[c\\]\\(d\\) \\<e\\> \\# \\| \\~')
    expect(shellQuote("it's")).toBe(`'it'\\''s'`)
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})
