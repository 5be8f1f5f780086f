/**
 * Conditional questions in Chromium: questions appear and disappear live as answers change,
 * screen readers are told, hidden questions post nothing, focus stays where it was; without
 * JavaScript every question shows and the server drops what the rules hide. And a property:
 * on random forms and answers, the questions the page asks are the ones the server keeps.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import fc from 'fast-check'
import type { Browser, Page } from 'playwright-core'
import { shownFields } from '../../server/contract/fields/show-if-eval.ts'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { callServer } from '../support/call.ts'
import { boundCaller, dataCaller, type DataCall } from '../support/bound-call.ts'
import { checkProperty } from '../property/check.ts'
import { axeViolations } from '../support/axe.ts'
import { formAndAnswers, type RandomField } from '../property/show-if-arbitraries.ts'

setDefaultTimeout(120_000)

const hasBrowser = chromiumAvailable('conditional questions browser tests')

describe.skipIf(!hasBrowser)('conditional questions in Chromium', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let api: DataCall
  let fillIn: string
  let appId: string

  /** A published app with `fields`; its id and fill-in URL. */
  async function publishedForm(fields: Array<Record<string, unknown>>): Promise<{ id: string; url: string }> {
    const app = await api('apps.create', { body: { name: 'Feedback' } })
    for (const body of fields) await api('fields.add', { params: { id: app.id }, body: body as never })
    const share = await api('share.publish', { params: { id: app.id } })
    // The same answers sent again by the tests are records of their own, not duplicates (dedupeSeconds).
    await api('share.update', { params: { id: app.id }, body: { dedupeSeconds: 0 } })
    return { id: app.id, url: `${svc.url}/f/${share.token}` }
  }

  /** The stored records' data, oldest first. */
  const storedData = async (id: string) => (await api('records.list', { params: { id } })).records.map((r) => r.data)

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    const signup = await callServer(svc.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'correct horse battery', tokenName: 'browser' },
    })
    api = dataCaller(boundCaller(svc.url, signup.body.data.token!.token))
    const form = await publishedForm([
      { name: 'likes', type: 'boolean', label: 'Do you like it?', required: true },
      {
        name: 'why',
        label: 'What would make it better?',
        required: true,
        showIf: { all: [{ field: 'likes', op: 'eq', value: false }] },
      },
      { name: 'more', type: 'longtext', label: 'Anything else?', showIf: { all: [{ field: 'why', op: 'answered' }] } },
    ])
    appId = form.id
    fillIn = form.url
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  const newPage = async (javaScriptEnabled: boolean) => (await browser.newContext({ javaScriptEnabled })).newPage()
  const told = (page: Page) => page.locator('form [aria-live="polite"]').textContent()

  test('questions appear and disappear live, screen readers are told, focus stays, and hidden ones post nothing', async () => {
    const page = await newPage(true)
    await page.goto(fillIn)
    const why = page.getByLabel('What would make it better?')
    const more = page.getByLabel('Anything else?')
    expect([await why.isVisible(), await more.isVisible(), await why.isDisabled()]).toEqual([false, false, true])
    const no = page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('No')
    await no.focus()
    await page.keyboard.press('Space')
    expect([await why.isVisible(), await more.isVisible()]).toEqual([true, false])
    expect(await told(page)).toBe('1 more question')
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('false')
    // Asked now, so required now: Submit stops at it.
    await page.getByRole('button', { name: 'Submit' }).click()
    expect(await page.locator('.errors li').allTextContents()).toEqual(['What would make it better? Enter an answer'])
    await why.fill('Faster pages')
    expect([await more.isVisible(), await told(page)]).toEqual([true, '1 more question'])
    await more.fill('Thanks')
    const yes = page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('Yes')
    await yes.check()
    expect([await why.isVisible(), await more.isVisible(), await told(page)]).toEqual([
      false,
      false,
      '2 questions fewer',
    ])
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    expect(await storedData(appId)).toEqual([{ likes: true }])
    await page.context().close()
  })

  test('answers survive a reload in the tab, conditions and all, and are forgotten once sent', async () => {
    const page = await newPage(true)
    await page.goto(fillIn)
    await page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('No').check()
    await page.getByLabel('What would make it better?').fill('Dark mode')
    await page.reload()
    const why = page.getByLabel('What would make it better?')
    expect([
      await page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('No').isChecked(),
      await why.isVisible(),
      await why.inputValue(),
      await page.getByLabel('Anything else?').isVisible(),
    ]).toEqual([true, true, 'Dark mode', true])
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    expect((await storedData(appId)).at(-1)).toEqual({ likes: false, why: 'Dark mode', more: '' })
    await page.goto(fillIn)
    expect([
      await page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('No').isChecked(),
      await page.getByLabel('What would make it better?').isVisible(),
    ]).toEqual([false, false])
    await page.context().close()
  })

  test('without JavaScript every question shows, none insists, and the server keeps what was asked', async () => {
    const page = await newPage(false)
    await page.goto(fillIn)
    const why = page.getByLabel('What would make it better?')
    expect([await why.isVisible(), await page.getByLabel('Anything else?').isVisible()]).toEqual([true, true])
    expect(await why.getAttribute('required')).toBeNull()
    await page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('Yes').check()
    await why.fill('Not asked')
    await Promise.all([page.waitForURL(/\/thanks$/), page.getByRole('button', { name: 'Submit' }).click()])
    expect((await storedData(appId)).at(-1)).toEqual({ likes: true })
    await page.context().close()
  })

  test('a condition on a hidden field reads the value the link gave it', async () => {
    const { id, url } = await publishedForm([
      { name: 'source', hidden: true },
      { name: 'code', label: 'Partner code', showIf: { all: [{ field: 'source', op: 'eq', value: 'partner' }] } },
      { name: 'name', label: 'Your name' },
    ])
    const page = await newPage(true)
    await page.goto(`${url}?source=partner`)
    await page.getByLabel('Partner code').fill('P-7')
    await page.getByLabel('Your name').fill('Ada')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    await page.goto(url)
    expect(await page.getByLabel('Partner code').isVisible()).toBe(false)
    await page.getByLabel('Your name').fill('Grace')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    expect(await storedData(id)).toEqual([{ source: 'partner', code: 'P-7', name: 'Ada' }, { name: 'Grace' }])
    await page.context().close()
  })

  test('pages: one at a time, each checked before the next, a page with nothing asked skipped; one long page without JavaScript', async () => {
    const { id, url } = await publishedForm([
      { name: 'likes', type: 'boolean', label: 'Do you like it?', required: true },
      { name: 'why', label: 'Why not?', page: 2, showIf: { all: [{ field: 'likes', op: 'eq', value: false }] } },
      { name: 'email', type: 'email', label: 'Your e-mail', required: true, page: 3 },
    ])
    const page = await newPage(true)
    await page.goto(url)
    const email = page.getByLabel('Your e-mail')
    expect([await email.isVisible(), await page.getByRole('button', { name: 'Submit' }).isVisible()]).toEqual([
      false,
      false,
    ])
    expect(await page.locator('.status').textContent()).toBe('Page 1 of 2')
    await page.getByRole('button', { name: 'Next' }).click()
    expect(await page.locator('.errors li').allTextContents()).toEqual(['Do you like it? Select Yes or No'])
    await page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('No').check()
    expect(await page.locator('.status').textContent()).toBe('Page 1 of 3')
    await page.getByRole('button', { name: 'Next' }).click()
    expect(await page.getByLabel('Why not?').isVisible()).toBe(true)
    // Focus moves to the new page's first question.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('why')
    expect(
      await page.locator('progress.progress').evaluate((bar: HTMLProgressElement) => [bar.value, bar.max]),
    ).toEqual([2, 3])
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Back' }).click()
    // Back keeps the answers; Yes asks nothing on page 2, so Next goes straight to page 3.
    await page.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('Yes').check()
    await page.getByRole('button', { name: 'Next' }).click()
    expect([await email.isVisible(), await page.locator('.status').textContent()]).toEqual([true, 'Page 2 of 2'])
    await email.fill('ada@example.com')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    await page.context().close()

    const plain = await newPage(false)
    await plain.goto(url)
    expect([await plain.getByLabel('Why not?').isVisible(), await plain.getByLabel('Your e-mail').isVisible()]).toEqual(
      [true, true],
    )
    await plain.getByRole('radiogroup', { name: 'Do you like it?' }).getByLabel('Yes').check()
    await plain.getByLabel('Why not?').fill('not asked')
    await plain.getByLabel('Your e-mail').fill('ada@example.com')
    await Promise.all([plain.waitForURL(/\/thanks$/), plain.getByRole('button', { name: 'Submit' }).click()])
    // The same record either way.
    expect(await storedData(id)).toEqual([
      { likes: true, email: 'ada@example.com' },
      { likes: true, email: 'ada@example.com' },
    ])
    await plain.context().close()
  })

  test('on random forms and answers, the page asks exactly the questions the server keeps', async () => {
    const page = await newPage(true)
    await checkProperty(
      'the page asks exactly the questions the server keeps',
      fc.asyncProperty(formAndAnswers(5), async ({ form, answers }) => {
        // Not required, so every post is taken and the stored record shows what the server kept.
        const fields = form.map((field: RandomField) => ({ ...field, required: false, label: field.name }))
        const { id, url } = await publishedForm(fields)
        await page.goto(url)
        const asked = await page.evaluate(fillAnswers, answers)
        const expected = [...shownFields(form, answers)]
        expect(asked).toEqual(expected)
        // What the server keeps: the answers to the questions asked, and "" for a text question left empty.
        const kept = Object.fromEntries(
          form
            .filter((field) => expected.includes(field.name))
            .flatMap((field) =>
              answers[field.name] !== undefined
                ? [[field.name, answers[field.name]]]
                : field.type === 'text'
                  ? [[field.name, '']]
                  : [],
            ),
        )
        await page.getByRole('button', { name: 'Submit' }).click()
        // Nothing to keep is an empty record, which the server refuses.
        await (Object.keys(kept).length > 0
          ? page.getByRole('heading', { name: 'Thank you – your answers were saved.' })
          : page.getByRole('heading', { name: 'There is a problem' })
        ).waitFor()
        expect(await storedData(id)).toEqual(Object.keys(kept).length > 0 ? [kept] : [])
      }),
      { numRuns: 25 },
    )
    await page.context().close()
  })
})

/**
 * Runs in the page: answers each question as a respondent would (typing, ticking, picking),
 * each with the events a browser sends, and gives the names of the questions asked then.
 */
function fillAnswers(answers: Record<string, unknown>): string[] {
  for (const q of document.querySelectorAll<HTMLElement>('.question')) {
    const answer = answers[q.dataset.field!]
    if (answer === undefined) continue
    const texts = (Array.isArray(answer) ? answer : [answer]).map(String)
    for (const control of q.querySelectorAll<HTMLInputElement>('input, select, textarea')) {
      // Even a question not asked yet gets its answer: it must not post it.
      const wasDisabled = control.disabled
      control.disabled = false
      if (control.type === 'radio' || control.type === 'checkbox') control.checked = texts.includes(control.value)
      else control.value = texts[0]
      control.disabled = wasDisabled
      control.dispatchEvent(new Event('input', { bubbles: true }))
      control.dispatchEvent(new Event('change', { bubbles: true }))
    }
  }
  return [...document.querySelectorAll<HTMLElement>('.question:not([data-skipped])')].map((q) => q.dataset.field!)
}
