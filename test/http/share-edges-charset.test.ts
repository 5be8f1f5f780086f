/**
 * Issue 16, row 2: one charset rule on every write path. A declared charset (Content-Type
 * parameter, or the `_charset_` field browsers fill in) is honoured; otherwise text must be
 * UTF-8, and bytes that are not are a 400 naming the field, never stored as U+FFFD.
 */
import { describe, expect, test } from 'bun:test'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { storedView } from '../support/stored-view.ts'

const ID = expect.stringMatching(/^[0-9a-f-]{36}$/)
const URLENCODED = 'application/x-www-form-urlencoded'

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx)
  return { ...t, endpoint }
}

const bytes = (...parts: Array<string | number[]>): Uint8Array<ArrayBuffer> =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)))

/** A multipart body with text parts; a part's value may hold raw bytes. */
function multipart(parts: Array<[string, string | number[]]>): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = 'edge-boundary'
  const chunks = parts.flatMap(([name, value]) => [
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`,
    value,
    '\r\n',
  ])
  return { body: bytes(...chunks, `--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` }
}

const notUtf8 = (where: string) =>
  `${where} is not valid UTF-8; send text encoded as UTF-8 or declare its charset (Content-Type charset, or a _charset_ form field)`

describe('refused: bytes that are not valid in the charset (row 2)', () => {
  const cases: Array<{
    name: string
    path: string
    body: Uint8Array<ArrayBuffer> | string
    type: string
    error: unknown
  }> = [
    {
      name: 'percent-encoded invalid UTF-8',
      path: '/form',
      body: 'a=%ff%fe',
      type: URLENCODED,
      error: {
        code: 400,
        error: { type: 'bad_request', message: notUtf8('The value of field "a"'), details: { field: 'a' } },
      },
    },
    {
      name: 'a raw 0xFF in an urlencoded value',
      path: '/form',
      body: bytes('ok=1&b=', [0xff]),
      type: URLENCODED,
      error: {
        code: 400,
        error: { type: 'bad_request', message: notUtf8('The value of field "b"'), details: { field: 'b' } },
      },
    },
    {
      name: 'an encoded lone surrogate (CESU bytes) in a name',
      path: '/form',
      body: '%ED%A0%80=1',
      type: URLENCODED,
      error: { code: 400, error: { type: 'bad_request', message: notUtf8('A field name (%ED%A0%80)') } },
    },
    {
      name: 'a raw 0xFF in a multipart part',
      path: '/form',
      ...(() => {
        const m = multipart([
          ['ok', 'yes'],
          ['c', [0x61, 0xff]],
        ])
        return { body: m.body, type: m.type }
      })(),
      error: {
        code: 400,
        error: {
          type: 'bad_request',
          message:
            'The value of field "c" is not valid UTF-8; send text encoded as UTF-8 or declare its charset (a _charset_ form field)',
          details: { field: 'c' },
        },
      },
    },
    {
      name: 'invalid UTF-8 in JSON',
      path: '',
      body: bytes('{"a":"', [0xff], '"}'),
      type: 'application/json',
      error: {
        code: 400,
        error: { type: 'bad_request', message: 'The request body is not valid UTF-8; send text encoded as UTF-8' },
      },
    },
    {
      name: 'an unknown charset',
      path: '/form',
      body: 'a=1',
      type: `${URLENCODED}; charset=klingon`,
      error: {
        code: 415,
        error: {
          type: 'unsupported_media_type',
          message:
            'The charset "klingon" is not known; send UTF-8 (or declare a charset such as iso-8859-1 or windows-1252)',
          details: { charset: 'klingon' },
        },
      },
    },
  ]
  for (const c of cases) {
    test(c.name, async () => {
      const t = await setup()
      const res = await t.request('POST', `${t.endpoint.path}${c.path}`, {
        raw: c.body,
        headers: { 'content-type': c.type },
      })
      expect({ status: res.status, body: res.body }).toEqual({
        status: (c.error as { code: number }).code,
        body: c.error,
      })
      expect((await storedView(t, t.endpoint)).summary.total).toBe(0)
    })
  }
})

describe('accepted: a declared charset is honoured (row 2)', () => {
  const cases: Array<{
    name: string
    path: string
    body: Uint8Array<ArrayBuffer> | string
    type: string
    data: unknown
  }> = [
    {
      name: 'urlencoded with charset=iso-8859-1',
      path: '/form',
      body: 'a=caf%E9',
      type: `${URLENCODED}; charset=iso-8859-1`,
      data: { a: 'café' },
    },
    {
      name: 'urlencoded with a _charset_ field (accept-charset)',
      path: '/form',
      body: '_charset_=ISO-8859-1&a=caf%E9',
      type: URLENCODED,
      data: { a: 'café' },
    },
    {
      name: 'multipart with a _charset_ field',
      path: '/form',
      ...(() => {
        const m = multipart([
          ['_charset_', 'windows-1252'],
          ['a', [0x63, 0x61, 0x66, 0xe9]],
        ])
        return { body: m.body, type: m.type }
      })(),
      data: { a: 'café' },
    },
    {
      name: 'urlencoded UTF-8, percent-encoded and raw',
      path: '/form',
      body: bytes('a=caf%C3%A9&b=caf', [0xc3, 0xa9], '&c=a+b%2Bc'),
      type: URLENCODED,
      data: { a: 'café', b: 'café', c: 'a b+c' },
    },
    {
      name: 'JSON as text/plain with charset=iso-8859-1',
      path: '',
      body: bytes('{"a":"caf', [0xe9], '"}'),
      type: 'text/plain; charset=iso-8859-1',
      data: { a: 'café' },
    },
  ]
  for (const c of cases) {
    test(c.name, async () => {
      const t = await setup()
      const res = await t.request('POST', `${t.endpoint.path}${c.path}`, {
        raw: c.body,
        headers: { 'content-type': c.type },
      })
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { code: 200, data: { id: ID } } })
      const view = await storedView(t, t.endpoint)
      expect(view.data).toEqual([c.data])
      expect(view.summary.fields).toEqual(Object.keys(c.data as object))
    })
  }
})
