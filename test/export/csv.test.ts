import { describe, expect, test } from 'bun:test'
import { attachmentHeader } from '../../server/export/filename.ts'
import { csvRawText, csvRow, csvText, csvValue } from '../../server/export/csv.ts'

describe('CSV cells (RFC 4180 + OWASP formula neutralising)', () => {
  const cases: Array<[unknown, string]> = [
    [undefined, ''],
    [null, ''],
    ['', ''],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rin', '"cr\rin"'],
    ['=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@cmd', `"'@cmd"`],
    ['\tTab', `"'\tTab"`],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    [' =not first', ' =not first'],
    [-12.5, '-12.5'],
    [0, '0'],
    [true, 'true'],
    [false, 'false'],
    [{ a: [1, '=x'] }, '"{""a"":[1,""=x""]}"'],
    [['x', 'y'], '"[""x"",""y""]"'],
    ['漢字 مرحبا 👍🏽 é', '漢字 مرحبا 👍🏽 é'],
  ]
  test.each(cases)('%j → %s', (value, cell) => {
    expect(csvValue(value)).toBe(cell)
  })

  test('the raw export keeps text as typed, quoting only what RFC 4180 needs', () => {
    const raw = (value: unknown) => csvValue(value, csvRawText)
    expect(['+44 20 7946 0958', '=SUM(A1:A2)', '-1', '@cmd', 'say "hi"', 'a,b', 12].map(raw)).toEqual([
      '+44 20 7946 0958',
      '=SUM(A1:A2)',
      '-1',
      '@cmd',
      '"say ""hi"""',
      '"a,b"',
      '12',
    ])
  })

  test('headers are neutralised too, and rows end with CRLF', () => {
    expect(csvRow(['id', '=cmd', 'a,b'].map(csvText))).toBe(`id,"'=cmd","a,b"\r\n`)
  })
})

describe('download file names', () => {
  const cases: Array<[string, string]> = [
    ['Contact form', `attachment; filename="contact-form-records.csv"; filename*=UTF-8''Contact%20form%20records.csv`],
    [
      '../../etc/passwd',
      `attachment; filename="etc-passwd-records.csv"; filename*=UTF-8''..%20..%20etc%20passwd%20records.csv`,
    ],
    [
      'Umfrage "Café" (2026)*',
      `attachment; filename="umfrage-cafe-2026-records.csv"; filename*=UTF-8''Umfrage%20%22Cafe%CC%81%22%20%282026%29%2A%20records.csv`.replace(
        'Cafe%CC%81',
        'Caf%C3%A9',
      ),
    ],
    [
      '调查\r\nX-Evil: 1',
      `attachment; filename="x-evil-1-records.csv"; filename*=UTF-8''%E8%B0%83%E6%9F%A5%20X-Evil%3A%201%20records.csv`,
    ],
    ['', `attachment; filename="app-records.csv"; filename*=UTF-8''app%20records.csv`],
  ]
  test.each(cases)('%j', (name, header) => {
    expect(attachmentHeader(name, 'csv')).toBe(header)
  })
})
