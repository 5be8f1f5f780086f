/**
 * Files in Chromium, end to end: the fill-in page posts a 5 MiB PDF and a photo natively
 * (JavaScript off: a multipart form post) and by its script (upload progress, checks before
 * sending), a plain HTML page posts the ?help snippet to /form, and each post is exactly one
 * record whose file objects hash like the files sent, the owner downloading the same bytes.
 * The admin page shows the files as chips in the Data tab and the photo inline in the
 * record drawer; axe and the keyboard pass on both.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { formatBytes } from '../../server/contract/files/model.ts'
import { fieldTypeSpec } from '../../server/contract/fields/types/index.ts'
import { chromiumAvailable } from '../support/browser.ts'
import { target } from '../support/call.ts'
import { axeViolations } from '../support/axe.ts'
import { tabThrough } from '../support/focus.ts'
import { tempDir } from '../support/tmp.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('files browser tests')
const MiB = 1024 * 1024

/** `size` bytes of a PDF: its header, then xorshift32 bytes from `seed` (the same file every run), then its end. */
function deterministicPdf(size: number, seed: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')
  const tail = Buffer.from('\n%%EOF\n')
  const body = Buffer.alloc(size - head.length - tail.length)
  let state = seed
  for (let i = 0; i < body.length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    body[i] = state & 0xff
  }
  return Buffer.concat([head, body, tail])
}

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A `width`×`height` PNG of diagonal colour bands (RGB, 8 bits), always the same bytes. */
function bandsPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x + y) / 24) % 3
      rows.set(band === 0 ? [29, 88, 208] : band === 1 ? [24, 121, 78] : [246, 247, 249], row + 1 + x * 3)
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

interface StoredFile {
  id: string
  name: string
  size: number
  type: string
  sha256: string
}

describe.skipIf(!hasBrowser)('files through the fill-in page and the admin page', () => {
  let admin: AdminSession
  let appId: string
  let fillIn: string
  let endpoint: string
  const dir = hasBrowser ? tempDir('svc-files-browser-') : ''
  const cvPath = join(dir, 'cv.pdf')
  const photoPath = join(dir, 'photo.png')
  const bigPhotoPath = join(dir, 'big-photo.pdf')
  const shotsDir = process.env.SVC_SCREENSHOTS

  beforeAll(async () => {
    writeFileSync(cvPath, deterministicPdf(5 * MiB, 0x9e3779b9))
    writeFileSync(photoPath, bandsPng(240, 160))
    writeFileSync(bigPhotoPath, deterministicPdf(2 * MiB, 7))
    admin = await openAdmin({ viewport: { width: 1280, height: 900 }, reload: true })
    const app = await publishedApp(admin.api, 'Job applications', [
      { name: 'name', type: 'text', label: 'Your name', required: true },
      { name: 'cv', type: 'file', label: 'Your CV', required: true, maxSize: 10 * MiB, accept: ['application/pdf'] },
      { name: 'photo', type: 'file', label: 'A photo', maxSize: MiB, accept: ['image/*', 'application/pdf'] },
    ])
    appId = app.id
    endpoint = app.endpoint
    fillIn = `${admin.svc.url}/f/${app.token}`
  }, 60_000)

  afterAll(() => admin?.close(), 30_000)

  /** The app's records (newest first), as the owner reads them. */
  const records = async () => {
    const res = await admin.api('records.list', { params: { id: appId }, query: { order: 'desc' } })
    return (res.body as { records: Array<{ id: string; data: Record<string, unknown> }> }).records
  }

  /** The owner's download of `file` (files.download with the access token): its bytes. */
  const download = async (file: StoredFile) => {
    const { path } = target('files.download', { params: { id: appId, file: file.id } })
    const res = await fetch(`${admin.svc.url}${path}`, { headers: { authorization: `Bearer ${admin.token}` } })
    expect(res.status).toBe(200)
    return new Uint8Array(await res.arrayBuffer())
  }

  /** Checks the newest record holds `name` and the files sent, byte for byte as the owner downloads them; the record count. */
  async function expectStored(count: number, name: string, withPhoto: boolean) {
    const all = await records()
    expect(all).toHaveLength(count)
    const { data } = all[0]
    const cv = data.cv as StoredFile
    const cvBytes = readFileSync(cvPath)
    expect(cv).toEqual({ id: cv.id, name: 'cv.pdf', size: 5 * MiB, type: 'application/pdf', sha256: sha256(cvBytes) })
    expect(sha256(await download(cv))).toBe(sha256(cvBytes))
    expect(data.name).toBe(name)
    if (withPhoto) {
      const photo = data.photo as StoredFile
      const photoBytes = readFileSync(photoPath)
      expect(photo).toEqual({
        id: photo.id,
        name: 'photo.png',
        size: photoBytes.length,
        type: 'image/png',
        sha256: sha256(photoBytes),
      })
      expect(Buffer.from(await download(photo)).equals(photoBytes)).toBe(true)
    } else expect(data.photo).toBeUndefined()
  }

  test('without JavaScript: a native multipart post stores exactly one record with the files', async () => {
    const context = await admin.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 900 } })
    const page = await context.newPage()
    await page.goto(fillIn)
    expect(await page.locator('form').getAttribute('enctype')).toBe('multipart/form-data')
    await page.getByLabel('Your name').fill('Ada Lovelace')
    await page.getByLabel('Your CV').setInputFiles(cvPath)
    await page.getByLabel('A photo').setInputFiles(photoPath)
    await Promise.all([page.waitForURL(/\/thanks$/), page.getByRole('button', { name: 'Submit' }).click()])
    await page.getByRole('heading', { name: 'Thank you' }).waitFor()
    await context.close()
    await expectStored(1, 'Ada Lovelace', true)
  })

  test('a plain page with the ?help form snippet posts the file natively to /form', async () => {
    const help = await (await fetch(`${endpoint}?help`)).text()
    const snippet = /```html\n([\s\S]*?)\n```/.exec(help)![1]
    expect(snippet).toContain('enctype="multipart/form-data"')
    const context = await admin.browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.setContent(`<!doctype html><title>My site</title><main>${snippet}</main>`)
    await page.getByLabel('Your name').fill('Grace Hopper')
    await page.getByLabel('Your CV').setInputFiles(cvPath)
    await Promise.all([page.waitForURL(/\/thanks/), page.getByRole('button', { name: 'Send' }).click()])
    await page.getByRole('heading', { name: 'Thank you' }).waitFor()
    await context.close()
    await expectStored(2, 'Grace Hopper', false)
  })

  test('with JavaScript: size checked before sending, then the upload with its progress bar and the thank-you', async () => {
    const page = await admin.browser.newPage({ viewport: { width: 1000, height: 900 } })
    page.on('pageerror', (error) => console.error('page error:', error.message))
    await page.goto(fillIn)
    await page.getByLabel('Your name').fill('Katherine Johnson')
    await page.getByLabel('Your CV').setInputFiles(cvPath)
    // A photo past its 1 MiB: refused in the page, in the type's words, before any byte is sent.
    await page.getByLabel('A photo').setInputFiles(bigPhotoPath)
    await page.getByRole('button', { name: 'Submit' }).click()
    const invalid = fieldTypeSpec('file').respondent.invalid
    await page.getByRole('link', { name: `A photo: ${invalid}` }).waitFor()
    expect(await records()).toHaveLength(2)
    // The progress bar is labelled for screen readers, hidden until an upload runs.
    const bar = page.getByRole('progressbar', { name: 'Uploading your files', includeHidden: true })
    expect(await bar.count()).toBe(1)
    await page.getByLabel('A photo').setInputFiles(photoPath)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    expect(await bar.isHidden()).toBe(true)
    await page.close()
    await expectStored(3, 'Katherine Johnson', true)
  })

  test('the fill-in page with file fields passes axe, and Tab reaches each file input', async () => {
    const page = await admin.browser.newPage({ viewport: { width: 1000, height: 900 } })
    await page.goto(fillIn)
    await page.getByLabel('Your name').fill('Ada')
    if (shotsDir) await page.screenshot({ path: join(shotsDir, 'files-fill-in.png'), fullPage: true })
    expect(await axeViolations(page)).toEqual([])
    const stops = (await tabThrough(page)).map((stop) => stop.element)
    expect(stops.filter((stop) => /Your CV|A photo/.test(stop))).toHaveLength(2)
    await page.close()
  })

  test('the field editor adds a file field with its options (MiB typed, bytes sent) and changes them', async () => {
    const { page } = admin
    await page.goto(`${admin.svc.url}/admin/#/apps/${appId}`)
    const add = page.getByRole('form', { name: 'Add a field' })
    await add.getByLabel('New field').fill('portfolio')
    await add.getByLabel('Type').selectOption('file')
    await add.getByLabel('Most files').fill('3')
    await add.getByLabel('Largest file in MiB').fill('2.5')
    await add.getByLabel('Kinds of file taken, comma-separated').fill('.pdf, image/*')
    await shot(page, 'files-field-add')
    await add.getByRole('button', { name: 'Add field' }).click()
    const fields = async () => {
      const res = await admin.api('fields.list', { params: { id: appId } })
      const field = res.body.data.fields.find((f) => f.name === 'portfolio')
      return field && { type: field.type, maxFiles: field.maxFiles, maxSize: field.maxSize, accept: field.accept }
    }
    await eventually(fields, { type: 'file', maxFiles: 3, maxSize: 2.5 * MiB, accept: ['.pdf', 'image/*'] })
    const size = page.getByLabel('Largest file in MiB of field portfolio')
    expect(await size.inputValue()).toBe('2.5')
    await size.fill('4')
    await size.press('Tab')
    await eventually(fields, { type: 'file', maxFiles: 3, maxSize: 4 * MiB, accept: ['.pdf', 'image/*'] })
    await shot(page, 'files-field-editor')
    const listed = (await admin.api('fields.list', { params: { id: appId } })).body.data.fields
    const removed = await admin.api('fields.remove', {
      params: { id: appId, field: listed.find((f) => f.name === 'portfolio')!.id },
    })
    expect(removed.status).toBe(200)
  })

  test('the Data tab shows file answers as chips; the drawer shows the photo inline with Download links', async () => {
    const { page } = admin
    await page.goto(`${admin.svc.url}/admin/#/apps/${appId}/data`)
    const row = page.locator('svc-records tr', { hasText: 'Katherine Johnson' })
    const chips = row.locator('.file-chip')
    await chips.first().waitFor()
    expect(await chips.allInnerTexts()).toEqual([
      `cv.pdf\n${formatBytes(5 * MiB)} · application/pdf`,
      `photo.png\n${formatBytes(readFileSync(photoPath).length)} · image/png`,
    ])
    await shot(page, 'files-data-tab')
    await row.locator('td.id button').click()
    const drawer = page.locator('svc-record-drawer dialog')
    const preview = drawer.locator('img.preview')
    await preview.waitFor()
    await eventually(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), 240)
    expect(await preview.getAttribute('alt')).toBe('Preview of photo.png')
    // Each file's link is named by it (a screen reader hears "Download photo.png", not "Download" twice).
    expect(await drawer.getByRole('link', { name: /^Download/ }).count()).toBe(2)
    expect(await drawer.getByRole('link', { name: 'Download cv.pdf', exact: true }).count()).toBe(1)
    const link = drawer.getByRole('link', { name: 'Download photo.png', exact: true })
    expect(await link.getAttribute('download')).toBe('photo.png')
    // The link is a same-origin download with the session cookie: the bytes are the file's.
    const href = (await link.getAttribute('href'))!
    const bytes = await page.evaluate(async (path) => {
      const res = await fetch(path)
      return { status: res.status, bytes: Array.from(new Uint8Array(await res.arrayBuffer())) }
    }, href)
    expect(bytes.status).toBe(200)
    expect(Buffer.from(bytes.bytes).equals(readFileSync(photoPath))).toBe(true)
    // The PDF opens inline in a frame through its short-lived link, sandboxed by the file's own CSP.
    const frame = drawer.locator('iframe.preview')
    expect(await frame.getAttribute('title')).toBe('Preview of cv.pdf')
    const framed = await page.evaluate(
      async (path) => {
        const res = await fetch(path)
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          csp: res.headers.get('content-security-policy'),
        }
      },
      (await frame.getAttribute('src'))!,
    )
    expect(framed).toEqual({
      status: 200,
      type: 'application/pdf',
      csp: "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    })
    if (shotsDir) await page.screenshot({ path: join(shotsDir, 'files-drawer.png') })
    expect(await axeViolations(page)).toEqual([])
  })
})
