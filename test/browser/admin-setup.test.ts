/**
 * Admin page, the Setup tab as an owner meets it: the type picker names types in words
 * ("Long text", not `longtext`); View form shows the fill-in page as respondents see it
 * beside the field editor (under it on a phone), before publishing too, follows every
 * field edit, and sends nothing typed into it; the Sharing card keeps the settings few
 * apps change behind summary lines, so its common settings stay short.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { FrameLocator, Page } from 'playwright-core'
import { chromiumAvailable } from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { eventually, openAdmin, shot, type AdminSession } from './admin-helpers.ts'
import { dataCaller } from '../support/bound-call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin setup browser tests')

const TYPE_NAMES = [
  'Short text',
  'Long text',
  'Number',
  'Yes / no',
  'One choice',
  'Several choices',
  'Likert scale',
  'Rating',
  'Net Promoter Score',
  'Date',
  'Time',
  'Date and time',
  'E-mail address',
  'Phone number',
  'Web address',
  'Consent',
  'File upload',
  'JSON',
]

/**
 * The Sharing card's tallest allowed height at 1280 px, published, reads off. The issue
 * called over 1,000 px "very long" (this test measured 1,762 px before); the common
 * settings — publishing, the URL, the two switches, who may read, the thank-you message
 * and page — now take about 960 px, which leaves room for one more common setting below
 * this bound.
 */
const SHARING_CARD_MAX_PX = 1000

describe.skipIf(!hasBrowser)('admin page: the Setup tab', () => {
  let admin: AdminSession
  let page: Page
  let appId: string

  const editor = () => page.locator('svc-fields-editor')
  const preview = (): FrameLocator => page.frameLocator('svc-form-preview iframe')
  const records = async () => (await admin.api('records.list', { params: { id: appId } })).body.total as number
  /**
   * The questions of the previewed page, as respondents read them; none while the frame is
   * being replaced (every field edit loads it anew, and a read then finds it detached).
   */
  const questions = () =>
    preview()
      .locator('.question > label:first-child, .question > legend')
      .evaluateAll((all) => all.map((element) => element.textContent!.replace(/\s+/g, ' ').trim()))
      .catch(() => [] as string[])

  beforeAll(async () => {
    admin = await openAdmin({ viewport: VIEWPORTS[0], reload: true })
    page = admin.page
    const ok = dataCaller(admin.api)
    appId = (await ok('apps.create', { body: { name: 'Contact us' } })).id
    await ok('fields.add', {
      params: { id: appId },
      body: {
        name: 'email',
        type: 'email',
        label: 'Your e-mail',
        required: true,
      },
    })
    await ok('fields.add', { params: { id: appId }, body: { name: 'message', type: 'longtext', label: 'Message' } })
    await page.goto(`${admin.svc.url}/admin/#/apps/${appId}`)
    await editor().locator('tr[data-field-id]').nth(1).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('the type pickers name every type in words, the stored name staying the value', async () => {
    const picker = editor().getByRole('combobox', { name: 'Type of field message' })
    expect(await picker.locator('option').allInnerTexts()).toEqual(TYPE_NAMES)
    expect(await picker.locator('option:checked').innerText()).toBe('Long text')
    expect(await picker.inputValue()).toBe('longtext')
    const adding = editor().locator('form.add select[name=type]')
    expect(await adding.locator('option').allInnerTexts()).toEqual(TYPE_NAMES)
  })

  test("a rating's highest point: typed when adding, changed in its row, saved as the field's max", async () => {
    const ok = dataCaller(admin.api)
    const add = editor().locator('form.add')
    await add.locator('input[name=name]').fill('stars')
    await add.locator('select[name=type]').selectOption('rating')
    await add.getByRole('spinbutton', { name: 'Highest point' }).fill('7')
    await add.getByRole('button', { name: 'Add field' }).click()
    const row = editor().getByRole('spinbutton', { name: 'Highest point of field stars' })
    await row.waitFor()
    expect(await row.inputValue()).toBe('7')
    const maxOf = async () =>
      (await ok('fields.list', { params: { id: appId } })).fields.find((field) => field.name === 'stars')?.max
    expect(await maxOf()).toBe(7)
    // A change is saved when the input loses focus, as every field of the row.
    await row.fill('3')
    await row.press('Tab')
    await eventually(maxOf, 3)
    await editor().getByRole('button', { name: 'Remove field stars' }).click()
    await editor().locator('svc-confirm').getByRole('button', { name: 'Remove field' }).click()
    await row.waitFor({ state: 'detached' })
  })

  test('View form shows the fill-in page beside the field editor, before publishing', async () => {
    const button = editor().getByRole('button', { name: 'View form' })
    expect(await button.getAttribute('aria-pressed')).toBe('false')
    await button.click()
    expect(await button.getAttribute('aria-pressed')).toBe('true')
    await preview().getByRole('heading', { name: 'Contact us' }).waitFor()
    await eventually(questions, ['Your e-mail* (required)', 'Message'])
    // Beside the editor: in the side column, to its right.
    const fields = (await editor().locator('section.panel').boundingBox())!
    const shown = (await page.locator('svc-form-preview section.panel').boundingBox())!
    expect(shown.x).toBeGreaterThan(fields.x + fields.width)
    await shot(page, 'setup-view-form-desktop', { window: true })
    await expectAccessible(page)
  })

  test('the preview follows field edits: a new label, a new field, a removed one', async () => {
    const label = editor().getByRole('textbox', { name: 'Label of field email' })
    await label.fill('Work e-mail')
    await label.press('Tab')
    await eventually(questions, ['Work e-mail* (required)', 'Message'])
    const add = editor().locator('form.add')
    await add.locator('input[name=name]').fill('topic')
    await add.locator('select[name=type]').selectOption('choice')
    await add.locator('textarea[name=options]').fill('Sales\nSupport')
    await add.getByRole('button', { name: 'Add field' }).click()
    await eventually(questions, ['Work e-mail* (required)', 'Message', 'topic'])
    await editor().getByRole('button', { name: 'Remove field message' }).click()
    await editor().locator('svc-confirm').getByRole('button', { name: 'Remove field' }).click()
    await eventually(questions, ['Work e-mail* (required)', 'topic'])
  })

  test('nothing typed into the preview is sent, published or not', async () => {
    await admin.api('share.publish', { params: { id: appId } })
    await page.reload()
    await editor().getByRole('button', { name: 'View form' }).click()
    const form = preview()
    const said: string[] = []
    page.on('console', (message) => said.push(message.text()))
    await form.getByRole('textbox', { name: /Work e-mail/ }).fill('ada@example.com')
    await form.getByRole('radio', { name: 'Sales' }).check()
    await form.getByRole('button', { name: 'Submit' }).click()
    // The browser refuses the post (the frame is sandboxed), the frame stays on the preview, and no record arrived.
    await eventually(() => said.some((text) => text.startsWith('Blocked form submission')), true)
    expect(await page.locator('svc-form-preview iframe').evaluate((frame) => frame.getAttribute('sandbox'))).toBe('')
    expect(await form.getByRole('textbox', { name: /Work e-mail/ }).inputValue()).toBe('ada@example.com')
    expect(await records()).toBe(0)
    await editor().getByRole('button', { name: 'View form' }).click()
    expect(await page.locator('svc-form-preview').count()).toBe(0)
  })

  test('on a phone publishing comes first, and the preview sits right under the field editor', async () => {
    await page.setViewportSize(VIEWPORTS[1])
    await page.reload()
    await editor().getByRole('button', { name: 'View form' }).click()
    await preview().getByRole('heading', { name: 'Contact us' }).waitFor()
    const order = await page
      .locator('svc-app-setup')
      .evaluate((setup) =>
        [
          ...setup.shadowRoot!.querySelectorAll(
            'svc-fields-editor, svc-form-preview, svc-endpoint-help, svc-share-settings',
          ),
        ].map((element) => element.tagName.toLowerCase()),
      )
    expect(order).toEqual(['svc-share-settings', 'svc-fields-editor', 'svc-form-preview', 'svc-endpoint-help'])
    await page.locator('svc-form-preview').scrollIntoViewIfNeeded()
    // The framed page paints after the scroll: ask it for its heading's box first.
    await preview().getByRole('heading', { name: 'Contact us' }).boundingBox()
    await shot(page, 'setup-view-form-phone', { window: true })
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Close' }).click()
    expect(await page.locator('svc-form-preview').count()).toBe(0)
    expect(await editor().getByRole('button', { name: 'View form' }).getAttribute('aria-pressed')).toBe('false')
    await page.setViewportSize(VIEWPORTS[0])
  })

  test('the Sharing card keeps what few apps change behind summary lines; its common settings stay short', async () => {
    await page.reload()
    const card = page.locator('svc-share-settings')
    const panel = card.locator('section.panel')
    await card.getByRole('group', { name: 'Who may read with the endpoint or fill-in link' }).waitFor()
    expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(SHARING_CARD_MAX_PX)
    for (const common of ['Thank-you message', 'Thank-you page URL'])
      expect(await card.getByLabel(common).isVisible()).toBe(true)
    const honeypot = card.getByLabel('Honeypot field name')
    expect(await honeypot.isVisible()).toBe(false)
    expect(await card.getByRole('button', { name: 'Rotate token…' }).isVisible()).toBe(false)
    await shot(page, 'setup-sharing-card-desktop')

    // A refused value inside the closed group opens it, so the browser can point at it.
    const more = card.getByText('Spam, rate limit, public summary and redirects')
    await more.click()
    await card.getByLabel('Public summary: smallest group shown').fill('1')
    await more.click()
    expect(await honeypot.isVisible()).toBe(false)
    await card.getByRole('button', { name: 'Save settings' }).click()
    await eventually(() => honeypot.isVisible(), true)
    expect(
      await card
        .getByLabel('Public summary: smallest group shown')
        .evaluate((input) => (input as HTMLInputElement).validity.valid),
    ).toBe(false)
    await expectAccessible(page)
  })
})
