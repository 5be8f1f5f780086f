/**
 * Admin page on a phone (390 px) and a laptop (1280 px): every link, button and form field
 * of every screen but the Data tab (its own test) can be reached without scrolling
 * sideways — none lies outside the window or is cut off by a box that scrolls or clips
 * sideways — with each screen's tables and forms open and full: a generated app with
 * scales, a report and expert advice, a proposed field, a webhook with a delivery, a
 * second access token, the plan review, the scale form, View form and Delete account.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable } from '../support/browser.ts'
import { unreachableControls } from '../support/reach.ts'
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { eventually, openAdmin, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'
import { dataCaller } from '../support/bound-call.ts'

setDefaultTimeout(90_000)

const hasBrowser = chromiumAvailable('admin reach browser tests')
const INSTRUCTION = 'A 6-question stress check for teachers with two dimensions: workload and support. 5-point scale.'

interface Screen {
  name: string
  /** The hash route, with APP standing for the app's id. */
  hash: string
  /** Opens what the screen can show (a form, a log) and waits until it is there. */
  open: (page: Page) => Promise<unknown>
}

const SCREENS: Screen[] = [
  {
    name: 'apps, the new-app form and a plan for review',
    hash: '#/apps',
    open: async (page) => {
      await page.getByRole('button', { name: 'New app' }).click()
      await page.locator('svc-generate textarea').fill(INSTRUCTION)
      await page.getByRole('button', { name: 'Generate plan' }).click()
      await page.locator('svc-plan-review section.fields').waitFor()
    },
  },
  {
    name: 'setup with its preview and a delivery log',
    hash: '#/apps/APP',
    open: async (page) => {
      await page.getByRole('button', { name: 'View form' }).click()
      await page.locator('svc-webhooks').getByRole('button', { name: 'Deliveries' }).click()
      await page.locator('svc-webhooks table.deliveries').waitFor()
      await page.locator('svc-form-preview iframe').waitFor()
    },
  },
  {
    name: 'summary',
    hash: '#/apps/APP/summary',
    open: (page) => page.getByRole('heading', { name: 'Records per day' }).waitFor(),
  },
  {
    name: 'scales with a scale being edited',
    hash: '#/apps/APP/scales',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Edit scale / })
        .first()
        .click()
      await page.locator('svc-scale-form tr[data-level]').first().waitFor()
    },
  },
  {
    name: 'report with a section being edited',
    hash: '#/apps/APP/report',
    open: async (page) => {
      await page.getByRole('button', { name: 'Edit section 1' }).first().click()
      await page.locator('form.edit-section').first().waitFor()
    },
  },
  {
    name: 'expert',
    hash: '#/apps/APP/expert',
    open: (page) => page.locator('svc-expert-editor table.grid textarea').first().waitFor(),
  },
  {
    name: 'style',
    hash: '#/apps/APP/style',
    open: (page) => page.getByRole('heading', { name: 'Page style' }).waitFor(),
  },
  {
    name: 'account with tokens and the delete form',
    hash: '#/account',
    open: async (page) => {
      await page.locator('svc-access-tokens tr[data-token-id]').nth(1).waitFor()
      await page.getByRole('button', { name: 'Delete account…' }).click()
      await page.getByRole('textbox', { name: /^Your e-mail address/ }).waitFor()
    },
  },
]

describe.skipIf(!hasBrowser)('admin page: every control in reach without scrolling sideways', () => {
  let admin: AdminSession
  let receiver: Receiver
  let appId: string

  beforeAll(async () => {
    receiver = startReceiver()
    admin = await openAdmin({ viewport: VIEWPORTS[0], reload: true, env: { SVC_WEBHOOK_ALLOW_PRIVATE: '1' } })
    const ok = dataCaller(admin.api)
    const { planId } = await ok('plans.create', { body: { instruction: INSTRUCTION } })
    appId = (await ok('plans.execute', { params: { id: planId! } })).appId!
    await ok('fields.add', {
      params: { id: appId },
      body: {
        name: 'a_long_field_name_for_the_narrow_screen',
        type: 'multichoice',
        label: 'Which of these rather long options describe your week best',
        options: ['Mostly meetings', 'Mostly teaching', 'Marking at home'],
      },
    })
    const { token } = await ok('share.publish', { params: { id: appId } })
    await ok('webhooks.add', { params: { id: appId }, body: { url: receiver.url } })
    await ok('tokens.create', {
      body: { name: 'laptop with a long descriptive name', currentPassword: 'correct horse battery' },
    })
    await ok('apps.create', {
      body: {
        name: 'A second app whose name runs on for a while',
        description: 'x'.repeat(80),
      },
    })
    // A stranger's key (a proposed field) and a record, whose webhook delivery lands in the log.
    const answers = Object.fromEntries(
      (await ok('fields.list', { params: { id: appId } })).fields
        .filter((field) => field.required)
        .map((field) => [field.name, field.options![0]]),
    )
    const posted = await callServer(admin.svc.url, 'ingest.post', {
      params: { token: token! },
      body: { ...answers, stranger_key: 'x' },
    })
    expect(posted.status).toBe(200)
    await receiver.waitFor(1)
    const hooks = (await ok('webhooks.list', { params: { id: appId } })).webhooks
    await eventually(
      async () =>
        (await ok('webhooks.deliveries', { params: { id: appId, webhook: hooks[0].id } })).deliveries.length > 0,
      true,
    )
  }, 60_000)

  afterAll(async () => {
    await admin?.close()
    receiver?.stop()
  })

  describe.each(VIEWPORTS)('at $name size', (viewport) => {
    test.each(SCREENS)('$name', async (screen) => {
      const page = admin.page
      await page.setViewportSize(viewport)
      await page.goto(`${admin.svc.url}/admin/${screen.hash.replace('APP', appId)}`)
      // A new document each time, so a form opened on the previous screen is closed.
      await page.reload()
      await screen.open(page)
      await shot(page, `reach-${screen.hash.replace(/\W+/g, '-')}-${viewport.name}`)
      expect(await unreachableControls(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      await expectAccessible(page)
    })
  })
})
