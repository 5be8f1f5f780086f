/**
 * @module The accessibility bar every screen in the browser tests must clear: no axe
 * violation above "minor", and a visible focus indicator at every Tab stop.
 */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { axeViolations } from '../support/axe.ts'
import { invisibleFocus, tabThrough } from '../support/focus.ts'

/** The viewports each screen is checked at: a laptop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** Asserts axe finds nothing above minor, then Tabs through the page and returns the stops' names after checking each shows its focus. */
export async function expectAccessible(page: Page): Promise<string[]> {
  expect(await axeViolations(page)).toEqual([])
  const stops = await tabThrough(page)
  expect(invisibleFocus(stops)).toEqual([])
  return stops.map((stop) => stop.element)
}
