import { describe, expect, test } from 'bun:test'
import { escapeHtml, html, trusted } from '../../server/pages/html.ts'

describe('the html tag', () => {
  test('escapes interpolated text for text and attribute positions', () => {
    const value = `"><script>alert('x')</script>&`
    expect(html`<p title="${value}">${value}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    )
  })

  test('nests its own output and arrays without double escaping; skips null, undefined and false', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`)
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0')
    expect(html`${trusted('<b>')}`.value).toBe('<b>')
    expect(escapeHtml('plain')).toBe('plain')
  })
})
