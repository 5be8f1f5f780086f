/**
 * The skill documents of the assessment modules (and form's note on smart generation):
 * generated from the live constants, listing every CLI command and HTTP route of their
 * module, with worked examples whose flags the CLI really accepts.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { MODULES, ROOT } from '../../../cli/commands/index.ts'
import { checkFlags, listLeaves, resolveCommand } from '../../../cli/tree.ts'
import { CSS_RULES } from '../../../server/contract/connect/css.ts'
import { FONT_STACKS } from '../../../server/contract/connect/fonts.ts'
import { LAYOUTS } from '../../../server/contract/connect/schemas.ts'
import { ASSESSMENT, LIMITS } from '../../../server/contract/limits.ts'
import { SECTION_TYPES } from '../../../server/contract/reports/schemas.ts'
import { pathOf, type RouteName } from '../../../server/contract/api/routes.ts'
import { SCALE_METHODS, SCORABLE_TYPES } from '../../../server/contract/scales/model.ts'
import { SKILL_MODULES, skillDocument, type SkillModule } from '../../../server/contract/skills/index.ts'
import { buildApp } from '../../../server/http/app.ts'
import { testContext } from '../../support/context.ts'

const ASSESSMENT_MODULES = ['scale', 'report', 'expert', 'connect'] as const

/** The constants each document must be built from (checked by changing them and re-rendering). */
const LIVE_CONSTANTS: Record<(typeof ASSESSMENT_MODULES)[number], Array<keyof typeof ASSESSMENT>> = {
  scale: [
    'maxScales',
    'maxItemsPerScale',
    'maxLevelsPerScale',
    'maxScaleNameLength',
    'maxLevelLabelLength',
    'maxTextLength',
    'scoreDecimals',
  ],
  report: ['maxReportPages', 'maxSectionsPerPage', 'maxTextLength', 'reportKeyBytes'],
  expert: ['maxTextLength', 'maxUrlLength'],
  connect: ['maxCustomCssLength', 'maxButtonTextLength', 'maxUrlLength'],
}

/** A route's path as the OpenAPI document writes it (`{id}` for `:id`). */
const openApiPath = (name: RouteName) => pathOf(name).replace(/:(\w+)/g, '{$1}')

/** The OpenAPI path prefix of each module's control-plane routes. */
const ROUTE_PREFIX = {
  scale: openApiPath('scales.list'),
  report: openApiPath('reports.get'),
  expert: openApiPath('expert.get'),
  connect: openApiPath('connect.get'),
}

const original = { ...ASSESSMENT }
afterEach(() => Object.assign(ASSESSMENT, original))

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

/** Splits a command line like a shell would (quotes, no expansion), stopping at a redirection. */
function shellWords(line: string): string[] {
  const out: string[] = []
  for (const match of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const word = match[1] ?? match[2] ?? match[3]
    if (match[3] === '>' || match[3] === '<') break
    out.push(word)
  }
  return out
}

/** `share query|summary` names two commands: one argv per alternative of a command word. */
function alternatives(argv: string[]): string[][] {
  const at = argv.findIndex((word, i) => i < 3 && !word.startsWith('-') && word.includes('|'))
  if (at < 0) return [argv]
  return argv[at].split('|').flatMap((name) => alternatives([...argv.slice(0, at), name, ...argv.slice(at + 1)]))
}

/** Every `svc-cli …` code span of a document, as argv (without "svc-cli"). */
const commandLines = (markdown: string): string[][] =>
  [...markdown.matchAll(/`svc-cli ([^`]+)`/g)].flatMap((m) => alternatives(shellWords(m[1])))

describe.each(ASSESSMENT_MODULES)('skill %s', (module) => {
  test('is a real document, not a placeholder, and stays under 2,500 words', () => {
    const doc = skillDocument(module)
    expect(doc).toStartWith(`# Skill: ${module} (`)
    expect(doc).not.toMatch(/coming|TODO/i)
    for (const heading of ['## Commands', '## HTTP routes', '## Common errors and how to fix them'])
      expect(doc).toContain(heading)
    expect(words(doc)).toBeLessThan(2500)
  })

  test('is rendered from the live ASSESSMENT constants', () => {
    LIVE_CONSTANTS[module].forEach((name, index) => {
      const before = skillDocument(module)
      expect(before).toContain(String(original[name]))
      const changed = 98_700 + index
      ;(ASSESSMENT as Record<string, unknown>)[name] = changed
      expect(skillDocument(module)).toContain(String(changed))
      Object.assign(ASSESSMENT, original)
    })
  })

  test('names every CLI command of the module, each with an example', async () => {
    const leaves = await listLeaves(await MODULES[module](), [module])
    expect(leaves.length).toBeGreaterThan(3)
    const doc = skillDocument(module)
    const examples = commandLines(doc).map((argv) => argv.join(' '))
    for (const leaf of leaves) {
      const name = leaf.path.join(' ')
      expect(doc).toContain(`- \`svc-cli ${name}\` — \`svc-cli ${name} `)
      expect(examples.some((line) => line.startsWith(`${name} `))).toBe(true)
    }
  })

  test('lists every HTTP route the server mounts for the module', async () => {
    const app = buildApp(testContext().ctx)
    const openapi = (await (await app.handle(new Request('http://localhost:8787/api/v3/openapi.json'))).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const routes = Object.entries(openapi.paths)
      .filter(([path]) => path.startsWith(ROUTE_PREFIX[module]))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `| ${method.toUpperCase()} | ${path.replace(/\/$/, '').replace(/\{(\w+)\}/g, ':$1')} |`,
        ),
      )
    expect(routes.length).toBeGreaterThan(2)
    const doc = skillDocument(module)
    for (const route of routes) expect(doc).toContain(route)
  })
})

describe.each(SKILL_MODULES)('skill %s: worked examples', (module) => {
  test('every `svc-cli …` line names a real command and only flags it accepts', async () => {
    const lines = commandLines(skillDocument(module as SkillModule))
    expect(lines.length).toBeGreaterThan(0)
    for (const argv of lines) {
      const resolved = await resolveCommand(ROOT, argv)
      expect(resolved.path.length).toBeGreaterThan(0)
      await checkFlags(resolved)
    }
  })
})

describe('what the documents are built from', () => {
  test('scale: methods, scorable types, tiling and reverse scoring', () => {
    const doc = skillDocument('scale')
    for (const method of SCALE_METHODS) expect(doc).toContain(`\`${method}\``)
    for (const type of SCORABLE_TYPES) expect(doc).toContain(`\`${type}\``)
    expect(doc).toContain(
      '`min` is **inclusive**, `max` is **exclusive** — except the **top level, which includes its max**',
    )
    expect(doc).toContain('**reverse** scores `max + min − value`')
    expect(doc).toContain('**weight** must be **greater than 0**')
    // Computed by the scoring function: (4 + 5 + (5 + 1 − 2)) / 3 and the same with q2 missing.
    expect(doc).toContain('`mean` = **4.3333** and `sum` = **13**')
    expect(doc).toContain(
      'Without q2 (`{"q1":"4","q3":"2"}`): `mean` = **4**, `sum` = **8**. No answers at all: **null**.',
    )
    expect(doc).toContain('A score of 2.5 is **medium**, 3.4999 is **medium**, 5 is **high**.')
    expect(doc).toContain('"gap from 2 to 3: scores between "low" and "high" have no level"')
  })

  test('report: section types and placeholders, filled by the real function and shown escaped', () => {
    const doc = skillDocument('report')
    for (const type of SECTION_TYPES) expect(doc).toContain(`  - \`${type}\`: `)
    for (const placeholder of ['{{<field>}}', '{{score.<key>}}', '{{level.<key>}}'])
      expect(doc).toContain(`\`${placeholder}\``)
    expect(doc).toContain('reads `Hello Ada <b>: your energy score is 4.3333 (High).` on the page')
    expect(doc).toContain('"{{nmae}} names no field; use a field name, score.<scale> or level.<scale>"')
  })

  test('connect: every font stack, layout and custom-CSS refusal the sanitiser applies', () => {
    const doc = skillDocument('connect')
    for (const [name, stack] of Object.entries(FONT_STACKS)) expect(doc).toContain(`- \`${name}\`: ${stack}`)
    for (const layout of LAYOUTS) expect(doc).toContain(`\`${layout}\` — `)
    for (const rule of CSS_RULES) expect(doc).toContain(`- ${rule.message};`)
    expect(doc).toContain(
      '- "cannot use @import"\n- "url("https://tracker.example/p.png") is refused: a URL in custom CSS must be a relative path on this server or a data:image URL"',
    )
  })

  test('expert: profile keys from the schema and the avatar rule', () => {
    const doc = skillDocument('expert')
    for (const key of ['name', 'title', 'bio', 'avatarUrl']) expect(doc).toContain(`| \`${key}\` |`)
    expect(doc).toContain(
      '"must be an absolute https:// URL without user name or password (the pages load images over HTTPS only)"',
    )
  })

  test('form points to smart generation: svc-cli smart generate, MCP svc_generate then svc_execute', () => {
    const doc = skillDocument('form')
    expect(doc).toContain('## Generating a whole app')
    expect(doc).toContain('`svc-cli smart generate --input "')
    expect(doc).toMatch(/`svc_generate`[\s\S]*then `svc_execute`/)
  })

  test('share: the public summary gives no one person away, with the minimum and floor from the limits', () => {
    const doc = skillDocument('share')
    expect(doc).toContain(
      "The public summary (read with the endpoint token alone) gives no one person away. With k the app's `summaryMinRespondents`",
    )
    expect(doc).toContain(
      `(default ${LIMITS.summaryMinRespondents}, never below ${LIMITS.summaryMinRespondentsFloor}; \`share set --summary-min\`): a value is listed only when at least k records and k clients other than the reader gave it`,
    )
    expect(doc).toContain(
      "a number's `mean` and `sum` cover its numbers up to the last multiple of 10, to 3 significant digits, once k clients gave one (null before), as does a score's `mean` once k records have one, `min` and `max` (of numbers and scores) are always null",
    )
    expect(doc).toContain("`?help` shows record and per-field counts only to the owner's token or while reads are open")
  })
})
