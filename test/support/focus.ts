/**
 * @module The keyboard pass of the browser tests: Tab through a screen the way a keyboard
 * user does and, at each stop, check that the focus indicator is one a sighted user can
 * see (WCAG 2.4.7, 2.4.11, 1.4.11): an outline or an unblurred box-shadow ring at least
 * 2 px wide whose colour has at least 3:1 contrast with the background around it.
 */
import type { Page } from 'playwright-core'

export interface FocusStop {
  /** The focused element as a person would name it: tag, role and name, e.g. `button "Next"`. */
  element: string
  /** Empty when the indicator is visible; otherwise what is wrong with it. */
  problem: string
}

interface Inspected extends FocusStop {
  /** No element has focus (it went past the last stop). */
  body: boolean
  /** This element was a stop before: the walk has come round. */
  again: boolean
  /** Still the element of the last stop: Tab moved inside it (the day, month and year of a date input). */
  within: boolean
}

/** The indicator of the element focused now (shadow roots followed), judged in the page. */
function inspectFocus(): Inspected {
  let element = document.activeElement
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
  if (!element || element === document.body)
    return { element: 'body', problem: '', body: true, again: false, within: false }
  const walk = window as unknown as { __focusSeen: WeakSet<Element>; __focusLast?: Element }
  if (walk.__focusLast === element) return { element: '', problem: '', body: false, again: false, within: true }
  walk.__focusLast = element
  const seen = walk.__focusSeen
  const again = seen.has(element)
  seen.add(element)

  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
  /** Any CSS colour as [r, g, b, a] (0–255, alpha 0–1), via the canvas so every notation parses. */
  const rgba = (color: string): number[] => {
    canvas.clearRect(0, 0, 1, 1)
    canvas.fillStyle = color
    canvas.fillRect(0, 0, 1, 1)
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data
    return [r, g, b, a / 255]
  }
  const over = (top: number[], below: number[]) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3]))
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const contrast = (a: number[], b: number[]) => {
    const [x, y] = [luminance(a), luminance(b)]
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
  }
  const parentOf = (node: Element): Element | null =>
    node.parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null
  /** The colour behind the indicator: the element's surroundings, blended down to the page. */
  const backdrop = (): number[] => {
    const layers: number[][] = []
    for (let node = parentOf(element!); node; node = parentOf(node)) {
      const color = rgba(getComputedStyle(node).backgroundColor)
      if (color[3] > 0) layers.push(color)
      if (color[3] === 1) break
    }
    return layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255])
  }

  // Focus inside a frame: the framed page draws its own indicator (the admin's View form
  // frames the fill-in page, whose rings its own tests check); a sandboxed frame is out of reach.
  if (element instanceof HTMLIFrameElement)
    return { element: `iframe "${element.title}"`, problem: '', body: false, again, within: false }
  const style = getComputedStyle(element)
  const role = element.getAttribute('role') ?? ''
  const labels = (element as HTMLInputElement).labels
  const named =
    element.getAttribute('aria-label') ||
    labels?.[0]?.textContent ||
    element.textContent ||
    element.getAttribute('name') ||
    ''
  const name = named.replace(/\s+/g, ' ').trim().slice(0, 40)
  const label = `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${element instanceof HTMLInputElement ? `[type=${element.type}]` : ''} "${name}"`

  const rings: { color: string; width: number }[] = []
  if (style.outlineStyle !== 'none') rings.push({ color: style.outlineColor, width: parseFloat(style.outlineWidth) })
  for (const shadow of style.boxShadow.matchAll(
    /((?:rgba?|color|oklab|oklch)\([^)]*\)|#\w+)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px(?!\s*inset)/g,
  )) {
    const [, color, x, y, blur, spread] = shadow
    if (Number(blur) === 0)
      rings.push({ color, width: Number(spread) + Math.max(Math.abs(Number(x)), Math.abs(Number(y))) })
  }
  if (rings.length === 0)
    return { element: label, problem: 'no outline or box-shadow ring', body: false, again, within: false }
  const behind = backdrop()
  const best = rings
    .map((ring) => ({ width: ring.width, ratio: contrast(over(rgba(ring.color), behind), behind) }))
    .sort((a, b) => Number(b.width >= 2) - Number(a.width >= 2) || b.ratio - a.ratio)[0]
  const problems = [
    best.width < 2 ? `indicator ${best.width}px wide` : '',
    best.ratio < 3 ? `indicator contrast ${best.ratio.toFixed(2)}:1` : '',
  ].filter(Boolean)
  return { element: label, problem: problems.join(', '), body: false, again, within: false }
}

/**
 * Presses Tab from the top of the page until focus comes back round (or `maxStops`), and
 * returns every stop with what is wrong with its focus indicator, if anything.
 */
export async function tabThrough(page: Page, maxStops = 80): Promise<FocusStop[]> {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    const walk = window as unknown as { __focusSeen: WeakSet<Element>; __focusLast?: Element }
    walk.__focusSeen = new WeakSet()
    walk.__focusLast = undefined
  })
  const stops: FocusStop[] = []
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab')
    const { element, problem, again, body, within } = await page.evaluate(inspectFocus)
    if (within) continue
    if (again) break
    if (body) {
      if (stops.length > 0) break
      continue
    }
    stops.push({ element, problem })
  }
  return stops
}

/** The stops whose focus indicator is not visible enough; an empty list is a pass. */
export const invisibleFocus = (stops: FocusStop[]): string[] =>
  stops.filter((s) => s.problem).map((s) => `${s.element}: ${s.problem}`)
