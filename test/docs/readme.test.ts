import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONFIG_VARIABLES } from '../../server/config.ts'
import { FIELD_TYPES } from '../../server/contract/fields/types/index.ts'

const README = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')
const PACKAGE = JSON.parse(readFileSync(join(import.meta.dir, '..', '..', 'package.json'), 'utf8'))

describe('README stays true', () => {
  test('the configuration table lists exactly the variables config.ts reads', () => {
    const table = README.split('<!-- config-table:start -->')[1].split('<!-- config-table:end -->')[0]
    const expected = [
      '| Variable | Default | Meaning |',
      '|---|---|---|',
      ...CONFIG_VARIABLES.map(([name, fallback, meaning]) => `| \`${name}\` | \`${fallback}\` | ${meaning} |`),
    ]
    expect(table.trim().split('\n')).toEqual(expected)
  })

  test('the question types table lists every field type, in the registry order', () => {
    const section = README.split('## Question types')[1].split('\n## ')[0]
    const listed = [...section.matchAll(/^\| `([a-z]+)` \|/gm)].map((match) => match[1])
    expect(listed).toEqual([...FIELD_TYPES])
  })

  test('the two set-up commands exist as npm scripts', () => {
    expect(README).toContain('npm install && npm start')
    expect(README).toContain('npm install && npm test')
    expect(PACKAGE.scripts.start).toBeString()
    expect(PACKAGE.scripts.test).toBeString()
    expect(PACKAGE.devDependencies.bun).toBeString()
  })

  test('Self-hosting links files that exist, names the build:exe script and the backup and restore commands', () => {
    const section = README.split('## Self-hosting')[1].split('\n## ')[0]
    const linked = [...section.matchAll(/\]\((deploy\/[\w.-]*|bench\/README\.md)\)/g)].map((match) => match[1])
    expect(linked.sort()).toEqual(
      ['bench/README.md', 'deploy/', 'deploy/Caddyfile', 'deploy/nginx.conf', 'deploy/svc.service'].sort(),
    )
    for (const path of linked) expect(existsSync(join(import.meta.dir, '..', '..', path))).toBe(true)
    for (const script of ['build:exe']) expect(PACKAGE.scripts[script]).toBeString()
    expect(section).toContain('svc backup ')
    expect(section).toContain('svc restore ')
  })

  test("what an assessment's respondent sees after sending is what the fill-in page does", () => {
    // The script's English words live with the other languages' (pages/languages/words.ts).
    const client = readFileSync(join(import.meta.dir, '..', '..', 'server', 'pages', 'languages', 'words.ts'), 'utf8')
    const [thanks, link] = ['Thank you – your answers were saved.', 'See your results']
    expect(client).toContain(`'${thanks}'`)
    expect(client).toContain(`'${link}'`)
    const claim = README.split('A respondent fills in `{base}/f/<token>`')[1].split('Scores')[0]
    expect(claim).toContain(`"${thanks}"`)
    expect(claim).toContain(`**${link}**`)
    expect(claim).toContain('without JavaScript the form posts natively and lands on that report')
  })
})
