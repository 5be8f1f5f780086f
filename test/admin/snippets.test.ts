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
      '  <fieldset><legend>plan</legend>',
      '    <label><input type="radio" name="plan" value="free"> free</label>',
      '    <label><input type="radio" name="plan" value="a&lt;b"> a&lt;b</label>',
      '  </fieldset>',
      '  <fieldset><legend>tags</legend>',
      '    <label><input type="checkbox" name="tags" value="x"> x</label>',
      '  </fieldset>',
      '  <fieldset><legend>agree</legend>',
      '    <label><input type="radio" name="agree" value="true"> Yes</label>',
      '    <label><input type="radio" name="agree" value="false"> No</label>',
      '  </fieldset>',
      '  <label>age <input type="number" step="any" name="age"></label>',
      '  <label>&quot;&gt;&lt;script&gt; <input name="&quot;&gt;&lt;script&gt;"></label>',
      '  <label>Your story <textarea name="story"></textarea></label>',
      '  <!-- Honeypot: people never see it; a bot that fills it is stored as spam and answered as usual -->',
      '  <input type="text" name="_trap" tabindex="-1" autocomplete="off" hidden>',
      '  <!-- Optional: where to send the person afterwards (an origin the owner allowed) -->',
      '  <!-- <input type="hidden" name="_redirect" value="https://example.com/thanks"> -->',
      '  <button type="submit">Send</button>',
      '</form>',
    ])
  })

  test('a required single choice is a required radio group up to 12 options and a select list with an empty first choice beyond', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`)
    const radios = htmlFormSnippet(
      ENDPOINT,
      [{ name: 'pick', type: 'choice', options: options(12), label: 'Pick', required: true }],
      '_gotcha',
    )
    expect(radios).toContain(
      '  <fieldset><legend>Pick</legend>\n    <label><input type="radio" name="pick" value="o0" required> o0</label>\n',
    )
    const select = htmlFormSnippet(
      ENDPOINT,
      [{ name: 'pick', type: 'choice', options: options(13), label: 'Pick', required: true }],
      '_gotcha',
    )
    expect(select).toContain(
      [
        '  <label>Pick',
        '    <select name="pick" required>',
        '      <option value="">Choose…</option>',
        '      <option value="o0">o0</option>',
      ].join('\n'),
    )
    expect(select).toContain('      <option value="o12">o12</option>\n    </select>\n  </label>')
  })

  test('with no fields yet, the examples use email and message', () => {
    expect(curlSnippet(ENDPOINT, [])).toContain(`-d '{"data":{"email":"ada@example.com","message":"Hello"}}'`)
    expect(htmlFormSnippet(ENDPOINT, [], '_gotcha')).toContain('<textarea name="message"></textarea>')
  })

  test('with a file field: the form posts multipart/form-data with accept and multiple, curl posts the file to /form', () => {
    const fields = [
      { name: 'name', type: 'text' as const, options: null, label: 'Name', required: true },
      {
        name: 'cv',
        type: 'file' as const,
        options: null,
        label: 'CV',
        required: true,
        maxFiles: 3,
        accept: ['.pdf', 'image/*'],
      },
    ]
    const form = htmlFormSnippet(ENDPOINT, fields, '_gotcha')
    expect(form.split('\n').slice(0, 3)).toEqual([
      `<form action="${ENDPOINT}/form" method="POST" enctype="multipart/form-data">`,
      '  <label>Name <input name="name" required></label>',
      '  <label>CV <input type="file" name="cv" accept=".pdf,image/*" multiple required></label>',
    ])
    expect(curlSnippet(ENDPOINT, fields)).toBe(
      `curl '${ENDPOINT}/form' \\\n  --form-string 'name=Hello' \\\n  -F 'cv=@cv.pdf' \\\n  -H 'Accept: application/json'`,
    )
  })
})
