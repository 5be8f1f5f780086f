/**
 * @module What a phone user can reach without scrolling sideways: every control on the page
 * (links, buttons, form fields, shadow roots included) must lie inside the window's width
 * and inside every box around it that cuts off or scrolls what overflows it sideways.
 */
import type { Page } from 'playwright-core'

/** The controls of the page (open shadow roots included) that need sideways scrolling to reach, named as a person would, with what hides them. */
export async function unreachableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'
    const width = document.documentElement.clientWidth
    const out: string[] = []
    /** The box an element is laid out in: its slot when slotted, else its parent or its shadow root's host. */
    const layoutParent = (node: Element): Element | null =>
      node.assignedSlot ?? node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent ||
        el.getAttribute('name') ||
        ''
      return `${el.tagName.toLowerCase()} "${name.replace(/\s+/g, ' ').trim().slice(0, 40)}"`
    }
    const check = (el: HTMLElement) => {
      const box = el.getBoundingClientRect()
      // Not drawn (display: none, a closed <details>) or visually hidden on purpose (1 px, clipped).
      if (box.width <= 1 || box.height <= 1) return
      if (box.left < -1 || box.right > width + 1) {
        out.push(`${describe(el)}: ${Math.round(box.left)}–${Math.round(box.right)} px, outside the ${width} px window`)
        return
      }
      for (let up = layoutParent(el); up && up !== document.documentElement; up = layoutParent(up)) {
        if (getComputedStyle(up).overflowX === 'visible') continue
        const outer = up.getBoundingClientRect()
        const left = outer.left + up.clientLeft
        const right = left + up.clientWidth
        if (box.left < left - 1 || box.right > right + 1) {
          out.push(`${describe(el)}: cut off by <${up.tagName.toLowerCase()} class="${up.className}">`)
          return
        }
      }
    }
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll<HTMLElement>(CONTROLS)) check(el)
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot)
    }
    walk(document)
    return out
  })
}
