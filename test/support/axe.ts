/**
 * @module axe-core in the browser tests: runs its WCAG 2.0–2.2 A/AA rules on the page as a
 * user sees it and reports every violation above "minor" as one readable line, so a
 * failing test names the rule, its impact and the elements.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** The success criteria svc promises: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const REPORTED_IMPACTS = new Set(['moderate', 'serious', 'critical'])

/**
 * Loads axe into `page` once. The public and admin pages forbid inline scripts (CSP), so
 * a `<script>` tag (page.addScriptTag) would be refused; the source is evaluated over the
 * DevTools protocol instead (Runtime.evaluate is not subject to the page's CSP). That
 * keeps the CSP enforced for the page itself, so axe checks exactly what users get.
 */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return
  const cdp = await page.context().newCDPSession(page)
  try {
    const result = await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE })
    if (result.exceptionDetails) throw new Error(`axe-core failed to load: ${result.exceptionDetails.text}`)
  } finally {
    await cdp.detach()
  }
}

/**
 * Runs axe on the whole page (open shadow roots included) and returns one line per
 * violation above "minor": `rule (impact): help — target, target`. An empty list is a pass.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await injectAxe(page)
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]
          }>
        }
      }
    ).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'minor',
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }))
  }, WCAG_TAGS)
  return violations
    .filter((v) => REPORTED_IMPACTS.has(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`)
}
