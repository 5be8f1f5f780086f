/**
 * Admin page, "Generate from a description": the box says it makes plain forms and scored
 * assessments, with an example of each; the built-in planner turns an instruction into a
 * plan shown for review, "Create app" builds it and opens the new app (a contact form gets
 * typed fields and no scales); a slow (LLM) planning job shows its progress and can be cancelled.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { openAdminPage, shot, type AdminPage } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'
import { boundCaller } from '../support/bound-call.ts'

const hasBrowser = chromiumAvailable('admin-generate browser tests')
const LABEL = 'Describe the form or assessment you want'
const INSTRUCTION =
  'A 6-question stress check for teachers with two dimensions: workload and support. 5-point scale, calm blue styling.'

/** The admin page of a new owner `email`, showing the box that generates an app. */
async function openGenerate(browser: Browser, svc: BrowserTestServer, email: string): Promise<AdminPage> {
  const opened = await openAdminPage(browser, svc, { viewport: { width: 1360, height: 900 }, email, reload: true })
  await opened.page.getByRole('heading', { name: 'Generate from a description' }).waitFor()
  return opened
}

describe.skipIf(!hasBrowser)('admin page: generate an app from a description', () => {
  let svc: BrowserTestServer
  let browser: Browser

  beforeAll(async () => {
    svc = await startBrowserTestServer({ SVC_SIGNUP: 'open' })
    browser = await launchChromium()
  }, 30_000)

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  }, 30_000)

  test('the built-in planner makes a plan for review; "Create app" builds it and lands on the app', async () => {
    const { page, token } = await openGenerate(browser, svc, 'owner@example.com')
    const api = boundCaller(svc.url, token)
    const box = page.locator('svc-generate')
    await box.getByRole('textbox', { name: LABEL }).fill(INSTRUCTION)
    await box.getByRole('button', { name: 'Generate plan' }).click()
    const review = box.locator('svc-plan-review')
    await review.waitFor()

    const plans = (await api('plans.list')).body.data.plans
    expect(plans.length).toBe(1)
    const plan = (await api('plans.get', { params: { id: plans[0].id } })).body.data.plan
    expect(plan.form.fields.filter((f) => f.type === 'choice').length).toBe(6)
    expect(plan.scale.scales.length).toBe(2)
    // What the review shows is the stored plan, as text.
    expect(await review.locator('h3').first().innerText()).toBe(plan.app.name)
    expect(await review.locator('section.fields h3').innerText()).toBe(`Questions (${plan.form.fields.length})`)
    expect(await review.locator('section.fields tbody tr').count()).toBe(plan.form.fields.length)
    expect(await review.locator('section.scales h3').innerText()).toBe('Scales (2)')
    expect(await review.locator('section.report h3').innerText()).toBe(`Report pages (${plan.report.pages.length})`)
    if (plan.notes.length) expect(await review.locator('section.notes li').allInnerTexts()).toEqual(plan.notes)
    await shot(page, 'assessment-08-generate-review')

    await box.getByRole('button', { name: 'Create app' }).click()
    await page.waitForURL(/#\/apps\/[^/]+$/)
    const appId = decodeURIComponent(new URL(page.url()).hash.split('/')[2])
    await page.getByRole('heading', { name: plan.app.name }).waitFor()
    const fields = (await api('fields.list', { params: { id: appId } })).body.data.fields
    expect(fields.map((f) => [f.name, f.type, f.options])).toEqual(
      plan.form.fields.map((f) => [f.name, f.type, f.options]),
    )
    const scales = (await api('scales.list', { params: { id: appId } })).body.data.scales
    expect(scales.map((s) => [s.key, s.name, s.complete])).toEqual(plan.scale.scales.map((s) => [s.key, s.name, true]))
    await page.getByRole('link', { name: 'Scales' }).click()
    await page.locator(`svc-scales-editor tr[data-scale=${plan.scale.scales[1].key}]`).getByText('Complete').waitFor()
    await shot(page, 'assessment-09-generated-app')
    await page.close()
  })

  test('the box says it makes plain forms and scored assessments, with an example of each; axe passes at 1280 and 390 px', async () => {
    const { page } = await openGenerate(browser, svc, 'hint@example.com')
    const box = page.locator('svc-generate')
    const textbox = box.getByRole('textbox', { name: LABEL })
    const hint = box.locator(`#${await textbox.getAttribute('aria-describedby')}`)
    expect({
      subtitle: await box.locator('header .muted').innerText(),
      placeholder: await textbox.getAttribute('placeholder'),
      hint: await hint.innerText(),
    }).toEqual({
      subtitle: 'A plain form or a scored assessment, with its style, in one go',
      placeholder: 'A contact form with name, email and message',
      hint: 'A form that collects answers gets the fields you name, typed to fit (e.g. “an RSVP form: name, email, attending yes/no, number of guests”). Ask to measure something for a scored assessment with questions, scales, levels, a report and expert advice (e.g. “a 12-question burnout check for nurses, 5-point scale, calm blue”).',
    })
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'generate-box-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await box.scrollIntoViewIfNeeded()
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'generate-box-390')
    await page.close()
  })

  test('a contact form: typed fields, no scales, report or expert; "Create app" builds just the fields', async () => {
    const { page, token } = await openGenerate(browser, svc, 'forms@example.com')
    const api = boundCaller(svc.url, token)
    const box = page.locator('svc-generate')
    await box.getByRole('textbox', { name: LABEL }).fill('a contact form with name, email and message')
    await box.getByRole('button', { name: 'Generate plan' }).click()
    const review = box.locator('svc-plan-review')
    await review.waitFor()
    expect({
      name: await review.locator('h3').first().innerText(),
      fields: await review.locator('section.fields h3').innerText(),
      rows: await review.locator('section.fields tbody tr').allInnerTexts(),
      scales: await review.locator('section.scales').innerText(),
      report: await review.locator('section.report').innerText(),
    }).toEqual({
      name: 'Contact form',
      fields: 'Fields (3)',
      rows: [
        'name\tShort text *\tName\t—',
        'email\tE-mail address *\tEmail address\t—',
        'message\tLong text *\tMessage\t—',
      ],
      scales: 'Scales (0)\n\nNo scales: the answers are collected without scoring.',
      report: 'Report pages (0)\n\nNo report pages.',
    })
    expect(await review.locator('section.notes li').nth(1).innerText()).toStartWith('Plain form: "contact form"')
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'generate-contact-review')

    await box.getByRole('button', { name: 'Create app' }).click()
    await page.waitForURL(/#\/apps\/[^/]+$/)
    const appId = decodeURIComponent(new URL(page.url()).hash.split('/')[2])
    await page.getByRole('heading', { name: 'Contact form' }).waitFor()
    const fields = (await api('fields.list', { params: { id: appId } })).body.data.fields
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['name', 'text', true],
      ['email', 'email', true],
      ['message', 'longtext', true],
    ])
    expect((await api('scales.list', { params: { id: appId } })).body.data.scales).toEqual([])
    await page.close()
  })

  test('an empty description is refused with the server message next to the box', async () => {
    const { page } = await openGenerate(browser, svc, 'empty@example.com')
    const box = page.locator('svc-generate')
    await box.getByRole('textbox', { name: LABEL }).fill('   ')
    // `required` lets whitespace through; the server's rule is what the person reads.
    await box.getByRole('button', { name: 'Generate plan' }).click()
    await box.locator('.error').getByText('cannot be empty: describe the form or assessment').waitFor()
    await page.close()
  })
})

describe.skipIf(!hasBrowser)('admin page: a slow planning job shows progress and can be cancelled', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let llm: ReturnType<typeof Bun.serve>
  const pending: Array<() => void> = []

  beforeAll(async () => {
    // An OpenAI-compatible server that never answers, so the LLM planning job stays running.
    llm = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => new Promise<Response>((resolve) => pending.push(() => resolve(new Response('{}', { status: 503 })))),
    })
    svc = await startBrowserTestServer({ SVC_LLM_URL: `http://127.0.0.1:${llm.port}/v1`, SVC_LLM_MODEL: 'test-model' })
    browser = await launchChromium()
  }, 30_000)

  afterAll(async () => {
    for (const answer of pending) answer()
    await browser?.close()
    await svc?.stop()
    await llm?.stop(true)
  }, 30_000)

  test('Cancel stops the running job', async () => {
    const { page, token } = await openGenerate(browser, svc, 'owner@example.com')
    const box = page.locator('svc-generate')
    await box.getByRole('textbox', { name: LABEL }).fill(INSTRUCTION)
    await box.getByRole('button', { name: 'Generate plan' }).click()
    await box.locator('.progress .stage').waitFor()
    expect(await box.locator('.progress .stage').innerText()).toMatch(/^[a-z -]+ · \d+%$/)
    await shot(page, 'assessment-10-generate-progress')
    // The progress shows at once ("starting"); the job's id once the first poll has answered.
    await box.locator('.progress:not([data-job=""])').waitFor()
    const jobId = await box.locator('.progress').getAttribute('data-job')
    await box.getByRole('button', { name: 'Cancel' }).click()
    await box.getByText('Generation cancelled.').waitFor()
    expect(await box.locator('svc-plan-review').count()).toBe(0)
    const plans = await callServer(svc.url, 'plans.list', {}, { token })
    expect(plans.body.data).toEqual({ plans: [] })
    const job = await callServer(svc.url, 'smart.job', { params: { id: jobId! } }, { token })
    // The whole answer, so a refusal shows its error rather than a TypeError.
    expect({
      status: job.status,
      data: job.body.data && { status: job.body.data.status, planId: job.body.data.planId },
      error: job.body.error,
    }).toEqual({ status: 200, data: { status: 'cancelled', planId: null }, error: undefined })
    await page.close()
  })
})
