/**
 * Admin page, fields editor: how a field is asked, edited by keyboard alone. The disclosure
 * under a field's row opens with Enter; help, placeholder, the rules its type takes and
 * hidden are typed and saved as each input is left; axe finds nothing with it open.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable } from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { eventually, openAdmin, publishedApp, type AdminSession, type OwnerApi } from './admin-helpers.ts'

const hasBrowser = chromiumAvailable('admin-field-form browser tests')

describe.skipIf(!hasBrowser)('admin page: a field’s help, rules and hidden flag', () => {
  let admin: AdminSession
  let page: Page
  let api: OwnerApi
  let appId: string

  const stored = async (field: string) => {
    const { help, placeholder, rules, hidden } = (await api('fields.get', { params: { id: appId, field } })).body.data
    return { help, placeholder, rules, hidden }
  }

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    ;({ page, api } = admin)
    appId = (
      await publishedApp(api, 'Sign-up', [{ name: 'code' }, { name: 'age', type: 'number' }, { name: 'source' }])
    ).id
    await page.goto(`${admin.svc.url}/admin/#/apps/${appId}`)
    await page.reload()
    await page.getByText('How code is asked').waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('typed by keyboard: saved field by field, the type’s own rules only', async () => {
    await page.getByText('How code is asked').focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.type('On your card')
    await page.keyboard.press('Tab')
    await page.keyboard.type('AB1234')
    await page.keyboard.press('Tab')
    // Fewest characters, Most characters, Pattern, its message.
    await page.keyboard.type('6')
    await page.keyboard.press('Tab')
    await page.keyboard.type('6')
    await page.keyboard.press('Tab')
    await page.keyboard.type('[A-Z]{2}[0-9]{4}')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Two capitals, four digits')
    await page.keyboard.press('Tab')
    await eventually(() => stored('code'), {
      help: 'On your card',
      placeholder: 'AB1234',
      rules: { minLength: 6, maxLength: 6, pattern: '[A-Z]{2}[0-9]{4}', patternMessage: 'Two capitals, four digits' },
      hidden: undefined,
    })

    await page.getByText('How age is asked').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('textbox', { name: 'Placeholder of field age' }).waitFor()
    expect(await page.getByRole('spinbutton', { name: /of field age$/ }).count()).toBe(3)
    expect(await page.getByRole('textbox', { name: 'Pattern (regular expression) of field age' }).count()).toBe(0)
    await page.getByRole('spinbutton', { name: 'Lowest number of field age' }).focus()
    await page.keyboard.type('18')
    await page.keyboard.press('Tab')
    await eventually(async () => (await stored('age')).rules, { min: 18 })

    await page.getByText('How source is asked').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('checkbox', { name: 'Hidden: filled from the link (?source=…)' }).focus()
    await page.keyboard.press('Space')
    await eventually(async () => (await stored('source')).hidden, true)
  })

  test('axe finds nothing with the settings open', async () => {
    expect(await axeViolations(page)).toEqual([])
  })
})
