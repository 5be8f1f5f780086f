/**
 * Admin page by role: the owner invites a viewer, an editor and an admin, each accepting in a
 * browser of their own. Nobody is offered what the server would refuse them: a viewer reads,
 * opens and exports records and looks at the Style, Scales, Report and Expert tabs with a
 * one-line notice and nothing to change; an editor edits a record and marks one spam but
 * deletes nothing; an admin shares but neither opens reads nor rotates the token; the owner
 * still has every control. axe checks the viewer's Data and Style tabs.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import type { MemberRole } from '../../server/contract/access/roles.ts'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { dataCaller, type DataCall } from '../support/bound-call.ts'
import { expectAccessible } from './accessible.ts'
import { callInPage, eventually, openAdmin, shot, type AdminSession } from './admin-helpers.ts'
import { createWellbeingCheck } from './wellbeing-check.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin roles browser tests')

const VIEWER_NOTICE = {
  data: 'You are a viewer of this app: you read and export its records, but do not change them.',
  style: 'You are a viewer of this app: you see the style of its pages and may build a preview, but do not change it.',
  scales: 'You are a viewer of this app: you see its scales, their items and levels, but do not change them.',
  report: 'You are a viewer of this app: you see the report respondents get and may preview it, but do not change it.',
  expert: 'You are a viewer of this app: you see the expert and the commentary reports show, but do not change them.',
}

const RECORDS = [
  { name: 'Ada', calm: 'Often', worried: 'Rarely' },
  { name: 'Bob', calm: 'Never', worried: 'Always' },
  { name: 'Cy', calm: 'Sometimes', worried: 'Sometimes' },
]

describe.skipIf(!hasBrowser)('admin page by role', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let api: DataCall
  let appId: string
  const contexts: BrowserContext[] = []
  const pages = {} as Record<MemberRole, Page>

  /** Invites `email` as `role` and accepts in a browser of its own (making the account); its page. */
  async function member(email: string, role: MemberRole): Promise<Page> {
    const { url } = await api('members.invite', { params: { id: appId }, body: { email, role } })
    const context = await admin.browser.newContext({ viewport: { width: 1280, height: 900 } })
    contexts.push(context)
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    page.on('pageerror', (error) => console.error('page error:', error.message))
    await page.goto(`${svc.url}/admin/`)
    const accepted = await callInPage(page, 'invitations.accept', {
      params: { token: url.split('/').at(-1)! },
      body: { password: `${role} long password` },
    })
    if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`)
    return page
  }

  /** Opens `tab` of the app on `page` (reloaded: a page loaded signed out starts its session on one). */
  async function open(page: Page, tab: string) {
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}/${tab}`)
    await page.reload()
    await page.locator('svc-app-view h1').waitFor()
  }

  const names = (page: Page, selector: string) => page.locator(selector).allInnerTexts()
  /** The Scales tab's own buttons: the panel's header and each scale's row. */
  const SCALE_BUTTONS = 'svc-scales-editor section.panel > header button, svc-scales-editor td.actions button'

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 }, reload: true })
    svc = admin.svc
    api = dataCaller(admin.api)
    appId = await createWellbeingCheck(api)
    const params = { id: appId }
    await api('expert.update', { params, body: { name: 'Dr. Ana Ruiz', title: 'Psychologist' } })
    await api('expert.setComment', {
      params: { ...params, scale: 'mood', level: 'good' },
      body: { text: 'Keep it up, {{name}}.' },
    })
    await api('reports.addPage', { params, body: { title: 'Your week' } })
    await api('reports.addSection', {
      params: { ...params, page: '1' },
      body: { type: 'intro', text: 'Thanks, {{name}}.' },
    })
    const { token } = await api('share.publish', { params })
    for (const data of RECORDS) await api('ingest.post', { params: { token: token! }, body: { data } })
    pages.viewer = await member('vera@example.com', 'viewer')
    pages.editor = await member('ed@example.com', 'editor')
    pages.admin = await member('ada@example.com', 'admin')
  }, 60_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await admin?.close()
  }, 30_000)

  describe('a viewer', () => {
    test('reads records with no selection, no Edit and no delete, and exports them', async () => {
      const page = pages.viewer
      await open(page, 'data')
      const records = page.locator('svc-records')
      await records.locator('tbody tr').nth(2).waitFor()
      expect(await records.locator('p.viewer-notice').innerText()).toBe(VIEWER_NOTICE.data)
      expect(await records.locator('table input[type=checkbox]').count()).toBe(0)
      expect(await records.locator('.selection').count()).toBe(0)
      await records.getByRole('button', { name: /^Open record .*, Ada$/ }).click()
      const drawer = page.locator('svc-record-drawer dialog')
      await drawer.getByRole('heading', { name: 'Record' }).waitFor()
      await drawer.getByText('Never edited: the values are as they were sent.').waitFor()
      expect(await names(page, 'svc-record-drawer header button')).toEqual(['Close'])
      await page.keyboard.press('Escape')
      await drawer.waitFor({ state: 'hidden' })
      const [download] = await Promise.all([page.waitForEvent('download'), records.locator('a.export-csv').click()])
      const lines = readFileSync((await download.path())!, 'utf8')
        .slice(1)
        .trimEnd()
        .split('\r\n')
      expect(lines.length).toBe(1 + RECORDS.length)
      expect(lines.find((line) => line.includes(',Ada,'))).toContain(',Ada,Often,Rarely')
      await shot(page, 'roles-01-viewer-data')
      await expectAccessible(page)
      // On a phone the cards have no checkbox, and no empty head row above them.
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await records.locator('thead').isVisible()).toBe(false)
      await shot(page, 'roles-01b-viewer-data-phone')
      await page.setViewportSize({ width: 1280, height: 900 })
    })

    test('sees the Style tab with its controls disabled and no Save or Reset', async () => {
      const page = pages.viewer
      await open(page, 'style')
      const editor = page.locator('svc-connect-editor')
      await editor.locator('p.viewer-notice').waitFor()
      expect(await editor.locator('p.viewer-notice').innerText()).toBe(VIEWER_NOTICE.style)
      const controls = editor.locator('form input, form select, form textarea')
      expect(await controls.count()).toBeGreaterThan(5)
      expect(await controls.evaluateAll((all) => all.every((c) => c.matches(':disabled')))).toBe(true)
      expect(await names(page, 'svc-connect-editor form button')).toEqual([])
      // Building a preview only reads: it is the viewer's to use.
      await editor.getByRole('button', { name: 'Build preview of the style' }).click()
      await editor.getByRole('link', { name: 'Download preview' }).waitFor()
      await shot(page, 'roles-02-viewer-style')
      await expectAccessible(page)
      await page.setViewportSize({ width: 390, height: 844 })
      await shot(page, 'roles-03-viewer-style-phone')
      await page.setViewportSize({ width: 1280, height: 900 })
    })

    test('looks at a scale read-only, and at the report and the expert with nothing to change', async () => {
      const page = pages.viewer
      await open(page, 'scales')
      const scales = page.locator('svc-scales-editor')
      await scales.locator('tr[data-scale=mood]').waitFor()
      expect(await scales.locator('p.viewer-notice').innerText()).toBe(VIEWER_NOTICE.scales)
      expect(await names(page, SCALE_BUTTONS)).toEqual(['View'])
      await scales.getByRole('button', { name: 'View scale Mood' }).click()
      const form = scales.locator('svc-scale-form')
      await form.locator('input[name=key]').waitFor()
      expect(await scales.locator('#scale-form-title').innerText()).toBe('Scale “Mood”')
      expect(await form.locator('input[name=key]').inputValue()).toBe('mood')
      expect(await form.getByRole('checkbox', { name: 'Reverse-score item 2' }).isChecked()).toBe(true)
      const controls = form.locator('input, select, textarea')
      expect(await controls.evaluateAll((all) => all.every((c) => c.matches(':disabled')))).toBe(true)
      expect(await names(page, 'svc-scale-form button')).toEqual(['Close'])
      await shot(page, 'roles-04-viewer-scale')
      await form.getByRole('button', { name: 'Close' }).click()
      await form.waitFor({ state: 'detached' })

      await open(page, 'report')
      const report = page.locator('svc-report-editor')
      await report.locator('section.page').waitFor()
      expect(await report.locator('p.viewer-notice').innerText()).toBe(VIEWER_NOTICE.report)
      expect(await report.locator('.page-title').innerText()).toBe('Your week')
      expect(await report.locator('td.text').innerText()).toBe('Thanks, {{name}}.')
      expect(await report.locator('.pages').locator('button, input, select, textarea').count()).toBe(0)
      // The preview beside the pages only reads: it stays.
      await report.locator('svc-report-preview').getByRole('button', { name: 'Preview report' }).waitFor()
      await shot(page, 'roles-05-viewer-report')

      await open(page, 'expert')
      const expert = page.locator('svc-expert-editor')
      await expert.locator('p.viewer-notice').waitFor()
      expect(await expert.locator('p.viewer-notice').innerText()).toBe(VIEWER_NOTICE.expert)
      expect(await expert.locator('input[name=name]').inputValue()).toBe('Dr. Ana Ruiz')
      expect(await expert.locator('input[name=name]').isDisabled()).toBe(true)
      expect(await expert.locator('textarea:enabled').count()).toBe(0)
      expect(await expert.locator('button').count()).toBe(0)
      expect(await expert.locator('.comment').allInnerTexts()).toEqual(['No commentary', 'Keep it up, {{name}}.'])
      await shot(page, 'roles-06-viewer-expert')
      await expectAccessible(page)
    })

    test('is offered no Delete on the apps list', async () => {
      const page = pages.viewer
      await page.goto(`${svc.url}/admin/#/apps`)
      await page.locator(`svc-apps tr[data-app-id="${appId}"]`).waitFor()
      expect(await page.locator('svc-apps td.actions button').count()).toBe(0)
    })
  })

  describe('an editor', () => {
    test('edits a record and marks one spam, with no Delete selected', async () => {
      const page = pages.editor
      await open(page, 'data')
      const records = page.locator('svc-records')
      await records.locator('tbody tr').nth(2).waitFor()
      expect(await records.locator('p.viewer-notice').count()).toBe(0)
      await records.getByRole('button', { name: /^Open record .*, Bob$/ }).click()
      const drawer = page.locator('svc-record-drawer dialog')
      await drawer.getByRole('button', { name: 'Edit' }).click()
      const form = drawer.locator('svc-record-form')
      await form.getByRole('textbox', { name: /^Your first name/ }).fill('Bobby')
      await form.getByRole('button', { name: 'Save' }).click()
      await drawer.getByRole('status').getByText('Saved: 1 value changed.').waitFor()
      await page.keyboard.press('Escape')
      await drawer.waitFor({ state: 'hidden' })
      const bob = RECORDS.findIndex((r) => r.name === 'Bob')
      const stored = await api('records.list', { params: { id: appId }, query: { order: 'asc' } })
      expect(stored.records[bob].data.name).toBe('Bobby')

      const cy = records.locator('tbody tr').filter({ hasText: 'Cy' })
      await cy.locator('td.check input').check()
      expect(await names(page, 'svc-records .selection button')).toEqual(['Mark as spam', 'Clear selection'])
      await shot(page, 'roles-07-editor-selected')
      await records.getByRole('button', { name: 'Mark as spam' }).click()
      await eventually(() => records.locator('.total').innerText(), '2 records')
      expect(await api('records.summary', { params: { id: appId } })).toMatchObject({ total: 2, spam: 1 })
    })

    test('saves the style and adds scales, but deletes no app and publishes nothing', async () => {
      const page = pages.editor
      await open(page, 'style')
      const editor = page.locator('svc-connect-editor')
      await editor.locator('input[name=buttonText]').fill('Send my answers')
      await editor.getByRole('button', { name: 'Save style' }).click()
      await editor.getByText('Style saved.').waitFor()
      expect((await api('connect.get', { params: { id: appId } })).buttonText).toBe('Send my answers')
      expect(await editor.getByRole('button', { name: 'Reset to defaults' }).count()).toBe(1)
      expect(await editor.locator('p.viewer-notice').count()).toBe(0)

      await open(page, 'scales')
      await page.locator('svc-scales-editor tr[data-scale=mood]').waitFor()
      expect(await names(page, SCALE_BUTTONS)).toEqual(['Rescore all records', 'New scale', 'Edit', 'Remove'])

      await open(page, 'setup')
      await page.locator('svc-app-details').waitFor()
      expect(await page.locator('svc-share-settings').count()).toBe(0)
      await page.goto(`${svc.url}/admin/#/apps`)
      await page.locator(`svc-apps tr[data-app-id="${appId}"]`).waitFor()
      expect(await page.locator('svc-apps td.actions button').count()).toBe(0)
    })
  })

  describe('an admin', () => {
    test('publishes and closes reads, but may not open them or rotate the token', async () => {
      const page = pages.admin
      await open(page, 'setup')
      const share = page.locator('svc-share-settings')
      await share.getByRole('button', { name: 'Unpublish' }).waitFor()
      const reads = share.getByRole('group', { name: 'Who may read with the endpoint or fill-in link' })
      expect(await reads.getByRole('radio', { name: 'Only you' }).isChecked()).toBe(true)
      expect(await reads.getByRole('radio', { name: 'Summary' }).isDisabled()).toBe(true)
      expect(await reads.getByRole('radio', { name: 'Records' }).isDisabled()).toBe(true)
      expect(await share.locator('#reads-owner').innerText()).toBe(
        "Only the app's owner lets the link read more; you may close it further.",
      )
      expect(await share.locator('.rotate').count()).toBe(0)
      await shot(page, 'roles-08-admin-sharing')

      await open(page, 'data')
      const records = page.locator('svc-records')
      await records.locator('tbody tr').first().locator('td.check input').check()
      expect(await names(page, 'svc-records .selection button')).toEqual([
        'Mark as spam',
        'Delete selected',
        'Clear selection',
      ])
    })
  })

  describe('the owner', () => {
    test('still has every control', async () => {
      const page = admin.page
      await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}/data`)
      const records = page.locator('svc-records')
      await records.locator('tbody tr').first().waitFor()
      expect(await records.locator('p.viewer-notice').count()).toBe(0)
      await records.locator('tbody tr').first().locator('td.check input').check()
      expect(await names(page, 'svc-records .selection button')).toEqual([
        'Mark as spam',
        'Delete selected',
        'Clear selection',
      ])
      await records.getByRole('button', { name: 'Clear selection' }).click()
      await records.locator('tbody td.id button').first().click()
      const drawer = page.locator('svc-record-drawer dialog')
      expect(await drawer.getByRole('button', { name: 'Edit' }).count()).toBe(1)
      await page.keyboard.press('Escape')
      await drawer.waitFor({ state: 'hidden' })

      await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}/style`)
      await page.locator('svc-connect-editor form').waitFor()
      expect(await names(page, 'svc-connect-editor form button')).toEqual(['Save style', 'Reset to defaults'])

      await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}/setup`)
      const share = page.locator('svc-share-settings')
      await share.getByRole('button', { name: 'Unpublish' }).waitFor()
      expect(await share.getByRole('radio', { name: 'Records' }).isDisabled()).toBe(false)
      expect(await share.locator('#reads-owner').count()).toBe(0)
      expect(await share.locator('.rotate').count()).toBe(1)

      await page.goto(`${svc.url}/admin/#/apps`)
      await page.locator(`svc-apps tr[data-app-id="${appId}"]`).waitFor()
      expect(await names(page, 'svc-apps td.actions button')).toEqual(['Delete'])
    })
  })
})
