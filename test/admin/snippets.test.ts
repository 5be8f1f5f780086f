import { describe, expect, test } from 'bun:test'
import { curlSnippet, escapeHtml, htmlFormSnippet, shellQuote } from '../../admin/snippets.ts'

const ENDPOINT = 'http://localhost:8787/api/v3/share/tok_123'

describe('endpoint snippets', () => {
  test.each([
    ['plain', 'plain'],
    [`<img src=x onerror="a()">`, '&lt;img src=x onerror=&quot;a()&quot;&gt;'],
    ['a & b', 'a &amp; b'],
  ])('escapeHtml(%p)', (raw, escaped) => expect(escapeHtml(raw)).toBe(escaped))

  test('shellQuote survives single quotes, and the shell gets the exact text back', async () => {
    const text = `it's "quoted" $HOME \`x\``
    expect(shellQuote(text)).toBe(`'it'\\''s "quoted" $HOME \`x\`'`)
    const echoed = Bun.spawnSync(['sh', '-c', `printf %s ${shellQuote(text)}`]).stdout.toString()
    expect(echoed).toBe(text)
  })


  test('the curl example posts canonical JSON with a sample per field, __proto__ included as a plain key', () => {
    const fields = [
      { name: 'email', type: 'email' as const, options: null, label: '', required: true },
      { name: "it's", type: 'number' as const, options: null, label: '', required: false },
      { name: '__proto__', type: 'text' as const, options: null, label: '', required: false },
    ]
    const curl = curlSnippet(ENDPOINT, fields)
    expect(curl).toBe(
      `curl -X POST '${ENDPOINT}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"data":{"email":"ada@example.com","it'\\''s":42,"__proto__":"Hello"}}'`,
    )
  })

  test('the HTML form has one control per field type, escaped names, and a hidden honeypot', () => {
    const form = htmlFormSnippet(
      ENDPOINT,
      [
        { name: 'email', type: 'email', options: null, label: 'Your e-mail', required: true },
        { name: 'plan', type: 'choice', options: ['free', 'a<b'], label: '', required: false },
        { name: 'tags', type: 'multichoice', options: ['x'], label: '', required: false },
        { name: 'agree', type: 'boolean', options: null, label: '', required: false },
        { name: 'age', type: 'number', options: null, label: '', required: false },
        { name: '"><script>', type: 'text', options: null, label: '', required: false },
        { name: 'story', type: 'longtext', options: null, label: 'Your story', required: false },
      ],
      '_trap',
    )
    expect(form.split('\n')).toEqual([
      `<form action="${ENDPOINT}/form" method="POST">`,
      '  <label>Your e-mail <input type="email" name="email" required></label>',
      '  <label>plan',
      '    <select name="plan">',
      '      <option>free</option>',
      '      <option>a&lt;b</option>',
      '    </select>',
      '  </label>',
      '  <fieldset><legend>tags</legend>',
      '    <label><input type="checkbox" name="tags" value="x"> x</label>',
      '  </fieldset>',
      '  <label><input type="checkbox" name="agree" value="true"> agree</label>',
      '  <label>age <input type="number" step="any" name="age"></label>',
      '  <label>&quot;&gt;&lt;script&gt; <input name="&quot;&gt;&lt;script&gt;"></label>',
      '  <label>Your story <textarea name="story"></textarea></label>',
      '  <!-- Spam trap: people never see it, bots fill it in -->',
      '  <input type="text" name="_trap" tabindex="-1" autocomplete="off" hidden>',
      '  <button type="submit">Send</button>',
      '</form>',
    ])
  })

  test('with no fields yet, the examples use email and message', () => {
    expect(curlSnippet(ENDPOINT, [])).toContain(`-d '{"data":{"email":"ada@example.com","message":"Hello"}}'`)
    expect(htmlFormSnippet(ENDPOINT, [], '_gotcha')).toContain('<textarea name="message"></textarea>')
  })
})
