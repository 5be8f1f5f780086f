/**
 * The fill-in page of a form with a file field, without JavaScript: the file input with the
 * field's accept, multiple and limits in words, a form that posts multipart/form-data, a
 * native post that stores the file with its record, and refusals shown again with the text
 * answers back and the files asked for again.
 */
import { describe, expect, test } from 'bun:test'
import { fieldTypeSpec } from '../../server/contract/fields/types/index.ts'
import { CHOOSE_FILES_AGAIN, FILE_TOO_LARGE_WORDS, FILES_GONE_BACK } from '../../server/pages/respondent-words.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'

const MiB = 1024 * 1024
/** The smallest PDF the sniffer knows as one. */
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** A published form with a required name and a file field `cv` (up to `maxFiles` PDFs or Word files of `maxSize`). */
async function setup(file: { maxFiles?: number; maxSize?: number; required?: boolean } = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    name: 'Jobs',
    autoCreate: false,
    fields: [{ name: 'name', type: 'text', label: 'Your name', required: true }],
  })
  const added = await t.call(
    'fields.add',
    {
      params: { id: endpoint.appId },
      body: {
        name: 'cv',
        type: 'file',
        label: 'Your CV',
        required: file.required ?? false,
        maxFiles: file.maxFiles ?? 1,
        maxSize: file.maxSize ?? 2 * MiB,
        accept: ['application/pdf', '.docx'],
      },
    },
    { token: endpoint.ownerToken },
  )
  expect(added.status).toBe(200)
  return { ...t, endpoint, fillIn: `/f/${endpoint.token}` }
}

/** A multipart body of text pairs and files (name, file name, bytes). */
function multipart(texts: Array<[string, string]>, files: Array<[string, string, Uint8Array]>): FormData {
  const form = new FormData()
  for (const [name, value] of texts) form.append(name, value)
  for (const [name, filename, bytes] of files)
    form.append(name, new File([bytes as BlobPart], filename, { type: 'application/pdf' }))
  return form
}

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')

describe('the fill-in page of a form with a file field', () => {
  test('posts multipart/form-data and draws the file input with accept and the limits in words', async () => {
    const app = await setup({ maxFiles: 3, maxSize: 25 * MiB, required: true })
    const page = await app.request('GET', app.fillIn)
    expect(page.status).toBe(200)
    expect(page.text).toContain(
      `<form method="post" action="${app.fillIn}" enctype="multipart/form-data" accept-charset="utf-8" aria-labelledby="title" data-layout="all" data-submit-another="Submit another response">`,
    )
    const words = fieldTypeSpec('file').respondent
    expect(page.text).toContain(
      `<div class="question" data-field="cv" data-label="Your CV" data-missing="${words.missing}" data-invalid="${words.invalid}" data-max-files="3" data-max-size="${25 * MiB}">
<label for="q1">Your CV<span class="req" aria-hidden="true">*</span><span class="visually-hidden"> (required)</span></label>
<p class="hint" id="q1-hint">Up to 3 files: PDF or Word, each up to 25 MiB.</p>
<input id="q1" type="file" name="cv" accept="application/pdf,.docx" multiple required aria-required="true" aria-invalid="false" aria-describedby="q1-hint q1-error">
<p class="error" id="q1-error" hidden></p>
</div>`,
    )
  })

  test('one file: no multiple, and the hint says one file', async () => {
    const app = await setup()
    const page = await app.request('GET', app.fillIn)
    expect(page.text).toContain('<p class="hint" id="q1-hint">One file: PDF or Word, up to 2 MiB.</p>')
    expect(page.text).toContain(
      '<input id="q1" type="file" name="cv" accept="application/pdf,.docx"   aria-invalid="false" aria-describedby="q1-hint q1-error">',
    )
  })

  test('a native multipart post stores one record holding the file object, then goes to the thank-you page', async () => {
    const app = await setup()
    const res = await app.request('POST', app.fillIn, {
      raw: multipart([['name', 'Ada']], [['cv', 'cv.pdf', PDF]]),
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${app.fillIn}/thanks`)
    const records = await storedRecords(app.ctx, app.endpoint.appId)
    expect(records.map((r) => r.data)).toEqual([
      {
        name: 'Ada',
        cv: {
          id: (records[0].data as { cv: { id: string } }).cv.id,
          name: 'cv.pdf',
          size: PDF.length,
          type: 'application/pdf',
          sha256: sha256(PDF),
        },
      },
    ])
  })

  test('with Accept: application/json (the script) the multipart post answers the id', async () => {
    const app = await setup()
    const res = await app.request('POST', app.fillIn, {
      raw: multipart([['name', 'Ada']], [['cv', 'cv.pdf', PDF]]),
      headers: { accept: 'application/json' },
    })
    const [record] = await storedRecords(app.ctx, app.endpoint.appId)
    expect(res.body).toEqual({ code: 200, data: { id: record.id } })
  })

  test('a refused post comes back with the text answers and asks for the files again; no file is kept', async () => {
    const app = await setup()
    const res = await app.request('POST', app.fillIn, {
      raw: multipart([['name', '']], [['cv', 'cv.pdf', PDF]]),
    })
    expect(res.status).toBe(422)
    expect(res.text).toContain(
      `<p class="hint" id="q1-hint">One file: PDF or Word, up to 2 MiB. <strong>${CHOOSE_FILES_AGAIN}</strong></p>`,
    )
    expect(res.text).toContain('<li><a href="#q0">Your name: Enter an answer</a></li>')
    expect(await storedRecords(app.ctx, app.endpoint.appId)).toEqual([])
    expect((await app.ctx.storage.files.usage(app.endpoint.appId)).bytes).toBe(0)
  })

  test('the text answers typed stay in the page sent back', async () => {
    const app = await setup()
    const res = await app.request('POST', app.fillIn, {
      raw: multipart([['name', 'Ada']], [['cv', 'cv.txt', new TextEncoder().encode('plain words')]]),
    })
    expect(res.status).toBe(422)
    expect(res.text).toContain('<input id="q0" type="text" name="name" value="Ada"')
    expect(res.text).toContain(`<li><a href="#q1">Your CV: ${fieldTypeSpec('file').respondent.invalid}</a></li>`)
  })

  test('a file past its field’s size: the file sentence, not “your answers are too long”', async () => {
    const app = await setup({ maxSize: 1024 })
    const res = await app.request('POST', app.fillIn, {
      raw: multipart([['name', 'Ada']], [['cv', 'cv.pdf', new Uint8Array(4096)]]),
    })
    expect(res.status).toBe(413)
    expect(res.text).toContain(`<li>${FILE_TOO_LARGE_WORDS.text}</li>`)
    expect(await storedRecords(app.ctx, app.endpoint.appId)).toEqual([])
  })

  test('more files than the field takes: the field’s own words', async () => {
    const app = await setup({ maxFiles: 1 })
    const res = await app.request('POST', app.fillIn, {
      raw: multipart(
        [['name', 'Ada']],
        [
          ['cv', 'a.pdf', PDF],
          ['cv', 'b.pdf', PDF],
        ],
      ),
    })
    expect(res.status).toBe(422)
    expect(res.text).toContain(
      `<h2>There is a problem</h2><ul><li><a href="#q1">Your CV: ${fieldTypeSpec('file').respondent.invalid}</a></li></ul>`,
    )
  })

  test('the refusal page of a post to /form says files may have to be chosen again', async () => {
    const app = await setup()
    const res = await app.request('POST', `${app.endpoint.path}/form`, {
      raw: multipart([['name', '']], [['cv', 'cv.pdf', PDF]]),
      headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    })
    expect(res.status).toBe(422)
    expect(res.text).toContain(
      `<p>Your answers are still in the form: go back to it with your browser&#39;s Back button. ${FILES_GONE_BACK}</p>`,
    )
  })
})
