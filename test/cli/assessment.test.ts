/**
 * svc-cli scale, report, expert and connect commands against a real server: human and
 * --json output, exit codes, confirmation of removals, inputs checked with the server's
 * schemas before sending, and the MCP whitelist that comes from the command tree.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ROOT } from '../../cli/commands/index.ts'
import { execWhitelist } from '../../cli/mcp/exec.ts'
import { DEFAULT_THEME } from '../../server/contract/connect/schemas.ts'
import { cliInProcess, cliProcess, startTestServer, tempConfigHome, type CliRun, expectOk } from '../support/server.ts'

const server = await startTestServer()
afterAll(() => server.close())

let env: Record<string, string>
const cli = (...argv: string[]) => cliInProcess(argv, { env })
const ok = expectOk
const failed = (run: CliRun, code: number) => {
  expect(run.stdout).toBe('')
  expect(run.code).toBe(code)
  return JSON.parse(run.stderr).error as { type: string; message: string; details?: unknown }
}
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
const anyId = expect.any(String)

/** A fresh app with two Likert fields and a number field. */
async function newApp(name: string): Promise<string> {
  const id = ok(await cli('app', 'create', '--name', name, '--json')).json().id
  for (const q of ['q1', 'q2'])
    ok(await cli('field', 'add', '--app', id, '--name', q, '--type', 'choice', '--options', 'no,maybe,yes'))
  ok(await cli('field', 'add', '--app', id, '--name', 'hours', '--type', 'number'))
  return id
}

beforeAll(async () => {
  const { token } = await server.account()
  env = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() }
})

describe('scale', () => {
  let app: string
  beforeAll(async () => {
    app = await newApp('Scales')
  })

  test('add, get, list, update with --json', async () => {
    const added = ok(
      await cli('scale', 'add', '--app', app, '--key', 'calm', '--name', 'Calm', '--description', 'How calm', '--json'),
    ).json()
    expect(added).toEqual({
      id: anyId,
      key: 'calm',
      name: 'Calm',
      description: 'How calm',
      method: 'sum',
      items: [],
      levels: [],
      range: null,
      complete: false,
      problems: expect.any(Array),
      position: expect.any(Number),
      createdAt: iso,
      updatedAt: iso,
    })
    expect(ok(await cli('scale', 'get', '--app', app, '--scale', 'calm', '--json')).json()).toEqual(added)
    expect(ok(await cli('scale', 'get', '--app', app, '--scale', added.id, '--json')).json()).toEqual(added)
    expect(ok(await cli('scale', 'list', '--app', app, '--json')).json()).toEqual({ scales: [added] })
    const updated = ok(
      await cli('scale', 'update', '--app', app, '--scale', 'calm', '--name', 'Calmness', '--method', 'mean', '--json'),
    ).json()
    expect(updated).toEqual({ ...added, name: 'Calmness', method: 'mean', problems: expect.any(Array), updatedAt: iso })
  })

  test('items: option=score pairs, reverse, weight; number items with clamps; remove needs --yes off a terminal', async () => {
    ok(await cli('scale', 'add', '--app', app, '--key', 'mix', '--name', 'Mix'))
    ok(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'mix',
        '--field',
        'q1',
        '--scores',
        'no=0,maybe=1,yes=2',
      ),
    )
    const scale = ok(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'mix',
        '--field',
        'q2',
        '--scores',
        '{"no":0,"maybe":1,"yes":2}',
        '--reverse',
        '--weight',
        '2',
        '--json',
      ),
    ).json()
    expect(scale.items).toEqual([
      {
        field: 'q1',
        type: 'choice',
        fieldId: anyId,
        weight: 1,
        reverse: false,
        scores: { no: 0, maybe: 1, yes: 2 },
        min: null,
        max: null,
      },
      {
        field: 'q2',
        type: 'choice',
        fieldId: anyId,
        weight: 2,
        reverse: true,
        scores: { no: 0, maybe: 1, yes: 2 },
        min: null,
        max: null,
      },
    ])
    expect(scale.range).toEqual({ min: 0, max: 6 })
    const withHours = ok(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'mix',
        '--field',
        'hours',
        '--min',
        '0',
        '--max',
        '2.5',
        '--json',
      ),
    ).json()
    expect(withHours.items[2]).toEqual({
      field: 'hours',
      type: 'number',
      fieldId: anyId,
      weight: 1,
      reverse: false,
      scores: null,
      min: 0,
      max: 2.5,
    })
    expect(withHours.range).toEqual({ min: 0, max: 8.5 })

    const refused = await cliProcess(['scale', 'item', 'remove', '--app', app, '--scale', 'mix', '--field', 'hours'], {
      env,
    })
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: Remove field hours from scale mix: refusing without confirmation; pass --yes\n',
    })
    const removed = ok(
      await cli('scale', 'item', 'remove', '--app', app, '--scale', 'mix', '--field', 'hours', '--yes', '--json'),
    ).json()
    expect(removed.items.map((i: { field: string }) => i.field)).toEqual(['q1', 'q2'])

    const again = failed(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'mix',
        '--field',
        'q1',
        '--scores',
        'no=0,maybe=1,yes=2',
        '--json',
      ),
      1,
    )
    expect(again).toEqual({
      type: 'conflict',
      message: 'Field "q1" is already an item of scale "mix"; remove it first to change it',
    })
    expect(
      failed(await cli('scale', 'item', 'add', '--app', app, '--scale', 'mix', '--field', 'nope', '--json'), 1).type,
    ).toBe('validation')
  })

  test('levels: set with open ends, change one property, overlap refused, remove', async () => {
    ok(await cli('scale', 'add', '--app', app, '--key', 'lv', '--name', 'Levels'))
    ok(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'lv',
        '--field',
        'q1',
        '--scores',
        'no=0,maybe=1,yes=2',
      ),
    )
    ok(
      await cli(
        'scale',
        'level',
        'set',
        '--app',
        app,
        '--scale',
        'lv',
        '--level',
        'low',
        '--label',
        'Low',
        '--min',
        'none',
        '--max',
        '1',
        '--interpretation',
        'Not much.',
      ),
    )
    const scale = ok(
      await cli(
        'scale',
        'level',
        'set',
        '--app',
        app,
        '--scale',
        'lv',
        '--level',
        'high',
        '--label',
        'High',
        '--min',
        '1',
        '--max',
        '2',
        '--json',
      ),
    ).json()
    expect(scale.levels).toEqual([
      { key: 'low', label: 'Low', min: null, max: 1, interpretation: 'Not much.' },
      { key: 'high', label: 'High', min: 1, max: 2, interpretation: '' },
    ])
    expect(scale).toMatchObject({ complete: true, problems: [] })
    const relabelled = ok(
      await cli(
        'scale',
        'level',
        'set',
        '--app',
        app,
        '--scale',
        'lv',
        '--level',
        'high',
        '--interpretation',
        'A lot.',
        '--json',
      ),
    ).json()
    expect(relabelled.levels[1]).toEqual({ key: 'high', label: 'High', min: 1, max: 2, interpretation: 'A lot.' })

    expect(
      failed(
        await cli(
          'scale',
          'level',
          'set',
          '--app',
          app,
          '--scale',
          'lv',
          '--level',
          'mid',
          '--label',
          'Mid',
          '--min',
          '0.5',
          '--max',
          '1.5',
          '--json',
        ),
        1,
      ).type,
    ).toBe('validation')
    const usage = await cli('scale', 'level', 'set', '--app', app, '--scale', 'lv', '--level', 'x', '--min', 'ten')
    expect(usage).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'error: --min must be a number such as 3 or 2.5, got "ten"\nRun `svc-cli scale level set --help` for usage.\n',
    })

    const removed = ok(
      await cli('scale', 'level', 'remove', '--app', app, '--scale', 'lv', '--level', 'high', '--yes', '--json'),
    ).json()
    expect(removed.levels.map((l: { key: string }) => l.key)).toEqual(['low'])
    expect(removed.complete).toBe(false)
    expect(
      failed(
        await cli('scale', 'level', 'remove', '--app', app, '--scale', 'lv', '--level', 'high', '--yes', '--json'),
        1,
      ),
    ).toEqual({ type: 'not_found', message: expect.stringContaining('"high"') })
  })

  test('human output: details with items and levels, and an aligned list', async () => {
    const json = ok(await cli('scale', 'get', '--app', app, '--scale', 'lv', '--json')).json()
    const text = ok(await cli('scale', 'get', '--app', app, '--scale', 'lv')).stdout
    const problems = json.problems.length
      ? `\n\nProblems\n${json.problems.map((p: { path: string; message: string }) => `  - ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n')}`
      : ''
    expect(text).toBe(
      `${[
        `id           ${json.id}`,
        'key          lv',
        'name         Levels',
        'description  -',
        'method       sum',
        'range        0 – 2',
        'complete     no',
        '',
        'Items',
        'FIELD  TYPE    WEIGHT  REVERSE  SCORES',
        'q1     choice  1                no=0, maybe=1, yes=2',
        '',
        'Levels',
        'KEY  LABEL  FROM  TO  INTERPRETATION',
        'low  Low    …     1   Not much.',
      ].join('\n')}${problems}\n`,
    )
    const list = ok(await cli('scale', 'list', '--app', app)).stdout.split('\n')
    expect(list[0]).toMatch(/^KEY\s+NAME\s+METHOD\s+ITEMS\s+LEVELS\s+RANGE\s+COMPLETE\s+ID$/)
    expect(list.slice(1, -1).map((line) => line.split(/\s{2,}/)[0])).toEqual(['calm', 'mix', 'lv'])
    expect(list[3].indexOf('Levels')).toBe(list[0].indexOf('NAME'))
  })

  test('rescore, remove (confirmed), and a removed scale is not found', async () => {
    expect(ok(await cli('scale', 'rescore', '--app', app, '--json')).json()).toEqual({ rescored: 0 })
    expect(ok(await cli('scale', 'rescore', '--app', app)).stdout).toBe('Rescored 0 records.\n')
    const asked: string[] = []
    const removed = await cliInProcess(['scale', 'remove', '--app', app, '--scale', 'calm'], {
      env,
      prompt: async (q) => {
        asked.push(q)
        return 'y'
      },
    })
    expect(removed).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Removed scale calm \(.+\)\.\n$/) })
    expect(asked).toEqual(['Remove scale calm with its levels and expert comments? [y/N] '])
    expect(failed(await cli('scale', 'get', '--app', app, '--scale', 'calm', '--json'), 1)).toEqual({
      type: 'not_found',
      message: expect.stringContaining('"calm"'),
    })
    expect(failed(await cli('scale', 'add', '--app', app, '--key', 'mix', '--name', 'Twice', '--json'), 1).type).toBe(
      'conflict',
    )
  })

  test("update with nothing to change is a usage error; another account's app is not found", async () => {
    expect(await cli('scale', 'update', '--app', app, '--scale', 'mix')).toMatchObject({
      code: 2,
      stderr: 'error: Nothing to change: pass --key, --name, --description or --method\n',
    })
    const other = await server.account()
    const run = await cliInProcess(['scale', 'list', '--app', app, '--json'], {
      env: { ...env, SVC_TOKEN: other.token },
    })
    expect(failed(run, 1).type).toBe('not_found')
  })
})

describe('report', () => {
  let app: string
  beforeAll(async () => {
    app = await newApp('Reports')
    ok(await cli('scale', 'add', '--app', app, '--key', 'agree', '--name', 'Agreement'))
    ok(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'agree',
        '--field',
        'q1',
        '--scores',
        'no=0,maybe=1,yes=2',
      ),
    )
    ok(
      await cli(
        'scale',
        'level',
        'set',
        '--app',
        app,
        '--scale',
        'agree',
        '--level',
        'low',
        '--label',
        'Low',
        '--min',
        '0',
        '--max',
        '1',
        '--interpretation',
        'Mostly no.',
      ),
    )
    ok(
      await cli(
        'scale',
        'level',
        'set',
        '--app',
        app,
        '--scale',
        'agree',
        '--level',
        'high',
        '--label',
        'High',
        '--min',
        '1',
        '--max',
        '2',
        '--interpretation',
        'Mostly yes.',
      ),
    )
  })

  test('pages and sections: add, list, update, remove with --json', async () => {
    const page = ok(await cli('report', 'page', 'add', '--app', app, '--title', 'Results', '--json')).json()
    expect(page).toEqual({ id: anyId, number: 1, title: 'Results', sections: [], createdAt: iso, updatedAt: iso })
    const withIntro = ok(
      await cli(
        'report',
        'section',
        'add',
        '--app',
        app,
        '--page',
        '1',
        '--type',
        'intro',
        '--text',
        'Hello',
        '--json',
      ),
    ).json()
    expect(withIntro.sections).toEqual([{ id: anyId, type: 'intro', title: '', text: 'Hello', scale: null }])
    const withScore = ok(
      await cli(
        'report',
        'section',
        'add',
        '--app',
        app,
        '--page',
        page.id,
        '--type',
        'score',
        '--scale',
        'agree',
        '--title',
        'You',
        '--text',
        'Score {{score.agree}}',
        '--position',
        '1',
        '--json',
      ),
    ).json()
    expect(withScore.sections.map((s: { type: string; scale: string | null }) => [s.type, s.scale])).toEqual([
      ['score', 'agree'],
      ['intro', null],
    ])
    ok(await cli('report', 'page', 'add', '--app', app, '--title', 'Advice'))
    const moved = ok(
      await cli(
        'report',
        'page',
        'update',
        '--app',
        app,
        '--page',
        '2',
        '--title',
        'First advice',
        '--position',
        '1',
        '--json',
      ),
    ).json()
    expect(moved).toMatchObject({ number: 1, title: 'First advice' })
    const list = ok(await cli('report', 'page', 'list', '--app', app, '--json')).json()
    expect(list.pages.map((p: { number: number; title: string }) => [p.number, p.title])).toEqual([
      [1, 'First advice'],
      [2, 'Results'],
    ])
    expect(ok(await cli('report', 'get', '--app', app, '--json')).json()).toEqual(list)

    const afterRemove = ok(
      await cli('report', 'section', 'remove', '--app', app, '--page', '2', '--section', '2', '--yes', '--json'),
    ).json()
    expect(afterRemove.sections.map((s: { type: string }) => s.type)).toEqual(['score'])
    expect(ok(await cli('report', 'page', 'remove', '--app', app, '--page', '1', '--yes', '--json')).json()).toEqual({
      deleted: true,
      id: moved.id,
    })
    expect(failed(await cli('report', 'page', 'remove', '--app', app, '--page', '5', '--yes', '--json'), 1).type).toBe(
      'not_found',
    )
  })

  test('human output: pages with numbered sections, and a page table', async () => {
    const { pages } = ok(await cli('report', 'get', '--app', app, '--json')).json()
    const page = pages[0]
    expect(ok(await cli('report', 'get', '--app', app)).stdout).toBe(
      [
        `Page 1: Results ${page.id}`,
        '#  TYPE   SCALE  TITLE  TEXT                   ID',
        `1  score  agree  You    Score {{score.agree}}  ${page.sections[0].id}`,
        '',
      ].join('\n'),
    )
    expect(ok(await cli('report', 'page', 'list', '--app', app)).stdout).toBe(
      ['#  TITLE    SECTIONS     ID', `1  Results  score:agree  ${page.id}`, ''].join('\n'),
    )
  })

  test('preview as text and HTML, from --answers or stdin; missing or broken answers are usage errors', async () => {
    const text = ok(await cli('report', 'preview', '--app', app, '--answers', '{"q1":"yes"}', '--json')).json()
    expect(text).toEqual({
      format: 'text',
      scores: { agree: { score: 2, level: 'high', levelLabel: 'High' } },
      content: expect.stringContaining('Score 2'),
    })
    const html = ok(
      await cliInProcess(['report', 'preview', '--app', app, '--format', 'html', '--json'], {
        env,
        stdin: '{"q1":"no"}',
      }),
    ).json()
    expect(html).toEqual({
      format: 'html',
      scores: { agree: { score: 0, level: 'low', levelLabel: 'Low' } },
      content: expect.stringMatching(/^<!doctype html>[\s\S]*Mostly no\.[\s\S]*<\/html>\n?$/),
    })
    expect(await cli('report', 'preview', '--app', app)).toMatchObject({
      code: 2,
      stderr: `error: No answers given: pass --answers '{"q1":"4"}' or pipe JSON into stdin\n`,
    })
    const broken = await cli('report', 'preview', '--app', app, '--answers', '{q1}', '--json')
    expect(failed(broken, 2)).toEqual({
      type: 'usage',
      message: expect.stringMatching(/^--answers must be valid JSON \(/),
      details: { problems: [{ flag: '--answers', message: expect.stringMatching(/^must be valid JSON \(/) }] },
    })
    // The API's `data` is what --answers carries: the error names the flag.
    expect(failed(await cli('report', 'preview', '--app', app, '--answers', '[1]', '--json'), 1)).toEqual({
      type: 'validation',
      message: '--answers: must be an object of answers by field name',
      details: { problems: [{ flag: '--answers', message: 'must be an object of answers by field name' }] },
    })
  })

  test('section add checks its type locally; removal off a terminal needs --yes', async () => {
    const bad = failed(
      await cliInProcess(['report', 'section', 'add', '--app', 'a', '--page', '1', '--type', 'poem', '--json'], {
        env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'x' },
      }),
      2,
    )
    expect(bad.type).toBe('usage')
    const refused = await cliProcess(['report', 'page', 'remove', '--app', app, '--page', '1'], { env })
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: Remove report page 1 with its sections: refusing without confirmation; pass --yes\n',
    })
  })
})

describe('expert', () => {
  let app: string
  beforeAll(async () => {
    app = await newApp('Experts')
    ok(await cli('scale', 'add', '--app', app, '--key', 'agree', '--name', 'Agreement'))
    ok(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'agree',
        '--field',
        'q1',
        '--scores',
        'no=0,maybe=1,yes=2',
      ),
    )
    ok(
      await cli(
        'scale',
        'level',
        'set',
        '--app',
        app,
        '--scale',
        'agree',
        '--level',
        'all',
        '--label',
        'All',
        '--min',
        '0',
        '--max',
        '2',
      ),
    )
  })

  test('get (empty), set, comment set/list/remove with --json', async () => {
    expect(ok(await cli('expert', 'get', '--app', app, '--json')).json()).toEqual({
      name: '',
      title: '',
      bio: '',
      avatarUrl: null,
      comments: [],
    })
    const set = ok(
      await cli(
        'expert',
        'set',
        '--app',
        app,
        '--name',
        'Dr. Ruiz',
        '--title',
        'Psychologist',
        '--avatar-url',
        'https://example.com/a.png',
        '--json',
      ),
    ).json()
    expect(set).toEqual({
      name: 'Dr. Ruiz',
      title: 'Psychologist',
      bio: '',
      avatarUrl: 'https://example.com/a.png',
      comments: [],
    })
    expect(ok(await cli('expert', 'set', '--app', app, '--avatar-url', 'none', '--json')).json()).toEqual({
      ...set,
      avatarUrl: null,
    })

    const comment = ok(
      await cli(
        'expert',
        'comment',
        'set',
        '--app',
        app,
        '--scale',
        'agree',
        '--level',
        'all',
        '--text',
        'Keep going.',
        '--json',
      ),
    ).json()
    expect(comment).toEqual({ scale: 'agree', level: 'all', text: 'Keep going.', updatedAt: iso })
    expect(ok(await cli('expert', 'comment', 'list', '--app', app, '--json')).json()).toEqual({ comments: [comment] })
    expect(ok(await cli('expert', 'get', '--app', app, '--json')).json().comments).toEqual([comment])
    expect(
      failed(
        await cli(
          'expert',
          'comment',
          'set',
          '--app',
          app,
          '--scale',
          'agree',
          '--level',
          'nope',
          '--text',
          'x',
          '--json',
        ),
        1,
      ).type,
    ).toBe('not_found')

    expect(
      ok(
        await cli('expert', 'comment', 'remove', '--app', app, '--scale', 'agree', '--level', 'all', '--yes', '--json'),
      ).json(),
    ).toEqual({ deleted: true, scale: 'agree', level: 'all' })
    expect(ok(await cli('expert', 'comment', 'list', '--app', app)).stdout).toBe(
      'No comments yet. Add one with: svc-cli expert comment set --app <appId> --scale mood --level low --text "…"\n',
    )
  })

  test('human output and local checks', async () => {
    const comment = ok(
      await cli(
        'expert',
        'comment',
        'set',
        '--app',
        app,
        '--scale',
        'agree',
        '--level',
        'all',
        '--text',
        'Well done.',
        '--json',
      ),
    ).json()
    expect(ok(await cli('expert', 'get', '--app', app)).stdout).toBe(
      [
        'name    Dr. Ruiz',
        'title   Psychologist',
        'bio     -',
        'avatar  -',
        '',
        'Comments',
        'SCALE  LEVEL  TEXT        UPDATED',
        `agree  all    Well done.  ${comment.updatedAt}`,
        '',
      ].join('\n'),
    )
    expect(await cli('expert', 'set', '--app', app)).toMatchObject({
      code: 2,
      stderr: 'error: Nothing to change: pass --name, --title, --bio and/or --avatar-url\n',
    })
    const offline = { env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'x' } }
    const url = 'must be an absolute https:// URL without user name or password (the pages load images over HTTPS only)'
    expect(
      failed(
        await cliInProcess(['expert', 'set', '--app', 'a', '--avatar-url', 'javascript:alert(1)', '--json'], offline),
        1,
      ),
    ).toEqual({
      type: 'validation',
      message: `--avatar-url: ${url}`,
      details: { problems: [{ flag: '--avatar-url', message: url }] },
    })
    expect(
      failed(
        await cliInProcess(
          ['expert', 'comment', 'set', '--app', 'a', '--scale', 's', '--level', 'l', '--text', '  ', '--json'],
          offline,
        ),
        1,
      ),
    ).toEqual({
      type: 'validation',
      message: '--text: cannot be empty',
      details: { problems: [{ flag: '--text', message: 'cannot be empty' }] },
    })
  })
})

describe('connect', () => {
  let app: string
  beforeAll(async () => {
    app = await newApp('Themes')
  })

  test('get defaults, set, preview without saving, reset', async () => {
    expect(ok(await cli('connect', 'get', '--app', app, '--json')).json()).toEqual(DEFAULT_THEME)
    const theme = ok(
      await cli(
        'connect',
        'set',
        '--app',
        app,
        '--primary-color',
        '#0f766e',
        '--font-family',
        'serif',
        '--layout',
        'one-per-screen',
        '--button-text',
        'Send',
        '--logo-url',
        'https://example.com/logo.png',
        '--json',
      ),
    ).json()
    expect(theme).toEqual({
      ...DEFAULT_THEME,
      primaryColor: '#0f766e',
      fontFamily: 'serif',
      layout: 'one-per-screen',
      buttonText: 'Send',
      logoUrl: 'https://example.com/logo.png',
    })

    const preview = ok(await cli('connect', 'preview', '--app', app, '--primary-color', 'teal', '--json')).json()
    expect(preview).toEqual({
      theme: { ...theme, primaryColor: 'teal' },
      html: expect.stringMatching(/^<!doctype html>[\s\S]*--primary:teal[\s\S]*name="q1"/),
    })
    expect(ok(await cli('connect', 'get', '--app', app, '--json')).json()).toEqual(theme)
    expect(ok(await cli('connect', 'preview', '--app', app)).stdout).toStartWith('<!doctype html>')

    const refused = await cliProcess(['connect', 'reset', '--app', app], { env })
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: Reset the page theme of app ${app} to the defaults: refusing without confirmation; pass --yes\n`,
    })
    expect(ok(await cli('connect', 'reset', '--app', app, '--yes', '--json')).json()).toEqual(DEFAULT_THEME)
  })

  test('human output; custom CSS and colours are checked before sending', async () => {
    ok(
      await cli(
        'connect',
        'set',
        '--app',
        app,
        '--custom-css',
        'h1 { color: red; }',
        '--logo-url',
        'https://example.com/l.png',
      ),
    )
    expect(ok(await cli('connect', 'get', '--app', app)).stdout).toBe(
      [
        'primary colour     #2563eb',
        'background colour  #ffffff',
        'text colour        #1f2937',
        'font               system',
        'logo               https://example.com/l.png',
        'layout             all',
        'button text        Submit',
        'custom css         18 characters',
        '',
      ].join('\n'),
    )
    expect(ok(await cli('connect', 'set', '--app', app, '--logo-url', 'none', '--json')).json().logoUrl).toBeNull()
    const offline = { env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'x' } }
    const colour = 'must be a CSS colour: #rgb, #rrggbb, rgb(…), hsl(…) or a colour name'
    expect(
      failed(
        await cliInProcess(['connect', 'set', '--app', 'a', '--primary-color', 'not a colour', '--json'], offline),
        1,
      ),
    ).toEqual({
      type: 'validation',
      message: `--primary-color: ${colour}`,
      details: { problems: [{ flag: '--primary-color', message: colour }] },
    })
    const css = failed(
      await cliInProcess(
        ['connect', 'set', '--app', 'a', '--custom-css', '@import url(https://evil.example/x.css);', '--json'],
        offline,
      ),
      1,
    )
    expect(css.type).toBe('validation')
    expect(await cli('connect', 'set', '--app', app)).toMatchObject({
      code: 2,
      stderr:
        'error: Nothing to change: pass --primary-color, --background-color, --text-color, --font-family, --logo-url, --layout, --button-text or --custom-css\n',
    })
  })
})

describe('flags are checked before anything is sent (usage errors exit 2)', () => {
  const offline = { env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'x' } }
  test.each([
    [
      ['scale', 'item', 'add', '--app', 'a', '--scale', 's', '--field', 'f', '--scores', 'Never'],
      '--scores: "Never" is not option=score; use `Never=0,Often=3` or a JSON object',
      { flag: '--scores' },
    ],
    [
      ['scale', 'item', 'add', '--app', 'a', '--scale', 's', '--field', 'f', '--scores', '{"a":'],
      '--scores looks like JSON but does not parse; use `Never=0,Often=3` or a JSON object',
      { flag: '--scores' },
    ],
    [
      ['scale', 'item', 'add', '--app', 'a', '--scale', 's', '--field', 'f', '--weight', 'heavy'],
      '--weight must be a number such as 3 or 2.5, got "heavy"',
      { flag: '--weight' },
    ],
    [
      ['scale', 'add', '--app', 'a', '--key', 'k', '--name', 'n', '--method', 'median'],
      expect.stringContaining('median'),
      { flag: '--method', message: 'must be one of sum, mean; got "median"' },
    ],
    [
      ['scale', 'level', 'set', '--app', 'a', '--scale', 's', '--level', 'low'],
      'Nothing to set: pass --label, --min, --max and/or --interpretation',
      { flags: ['--label', '--min', '--max', '--interpretation'] },
    ],
    [
      ['report', 'page', 'add', '--app', 'a', '--position', '0'],
      '--position must be between 1 and 20, got 0',
      { flag: '--position', message: 'must be between 1 and 20, got 0' },
    ],
    [
      ['report', 'page', 'update', '--app', 'a', '--page', '1'],
      'Nothing to change: pass --title and/or --position',
      { flags: ['--title', '--position'] },
    ],
    [
      ['report', 'preview', '--app', 'a', '--answers', '{"q1":1}', '--format', 'pdf'],
      expect.stringContaining('pdf'),
      { flag: '--format', message: 'must be one of text, html; got "pdf"' },
    ],
    [
      ['connect', 'set', '--app', 'a', '--layout', 'grid'],
      expect.stringContaining('grid'),
      { flag: '--layout', message: 'must be one of all, one-per-screen; got "grid"' },
    ],
  ])('svc-cli %p', async (argv, message, problem) => {
    const error = failed(await cliInProcess([...argv, '--json'], offline), 2)
    expect(error).toEqual({
      type: 'usage',
      message,
      details: { problems: [{ message: (problem as { message?: string }).message ?? error.message, ...problem }] },
    })
  })

  test.each([
    [
      ['scale', 'add', '--app', 'a', '--key', 'Bad Key', '--name', 'n'],
      '--key',
      'must start with a lower-case letter and use only a-z, 0-9, "-" and "_" (at most 40 characters)',
    ],
    [
      ['scale', 'item', 'add', '--app', 'a', '--scale', 's', '--field', 'f', '--weight', '0'],
      '--weight',
      'must be greater than 0',
    ],
    [
      ['scale', 'level', 'set', '--app', 'a', '--scale', 's', '--level', 'low', '--label', ' '],
      '--label',
      'cannot be empty',
    ],
  ])('svc-cli %p fails schema validation locally, naming %s', async (argv, flag, message) => {
    expect(failed(await cliInProcess([...argv, '--json'], offline), 1)).toEqual({
      type: 'validation',
      message: `${flag}: ${message}`,
      details: { problems: [{ flag, message }] },
    })
  })
})

describe('snapshot sections', () => {
  test('scales, report, expert and connect: full JSON equals the commands, summary is short, Markdown reads', async () => {
    const app = await newApp('Snapshot')
    ok(
      await cli(
        'scale',
        'add',
        '--app',
        app,
        '--key',
        'agree',
        '--name',
        'Agreement',
        '--description',
        'How much you agree',
      ),
    )
    ok(
      await cli(
        'scale',
        'item',
        'add',
        '--app',
        app,
        '--scale',
        'agree',
        '--field',
        'q2',
        '--scores',
        'no=0,maybe=1,yes=2',
        '--reverse',
      ),
    )
    ok(
      await cli(
        'scale',
        'level',
        'set',
        '--app',
        app,
        '--scale',
        'agree',
        '--level',
        'low',
        '--label',
        'Low',
        '--min',
        '0',
        '--max',
        '1',
        '--interpretation',
        'Mostly no.',
      ),
    )
    ok(await cli('report', 'page', 'add', '--app', app, '--title', 'Results'))
    ok(
      await cli(
        'report',
        'section',
        'add',
        '--app',
        app,
        '--page',
        '1',
        '--type',
        'score',
        '--scale',
        'agree',
        '--text',
        'You: {{score.agree}}',
      ),
    )
    ok(await cli('expert', 'set', '--app', app, '--name', 'Ana', '--title', 'Coach'))
    ok(
      await cli('expert', 'comment', 'set', '--app', app, '--scale', 'agree', '--level', 'low', '--text', 'Try again.'),
    )
    ok(await cli('connect', 'set', '--app', app, '--layout', 'one-per-screen', '--custom-css', 'h1 { color: red; }'))

    const full = ok(await cli('snapshot', '--app', app, '--json')).json()
    expect(full.sections.scales).toEqual(ok(await cli('scale', 'list', '--app', app, '--json')).json())
    expect(full.sections.report).toEqual(ok(await cli('report', 'get', '--app', app, '--json')).json())
    expect(full.sections.expert).toEqual(ok(await cli('expert', 'get', '--app', app, '--json')).json())
    expect(full.sections.connect).toEqual(ok(await cli('connect', 'get', '--app', app, '--json')).json())

    const summary = ok(await cli('snapshot', '--app', app, '--detail', 'summary', '--json')).json().sections
    const problems = full.sections.scales.scales[0].problems
    expect(summary.scales).toEqual({
      scales: [
        {
          key: 'agree',
          name: 'Agreement',
          method: 'sum',
          range: { min: 0, max: 2 },
          complete: false,
          items: [{ field: 'q2', weight: 1, reverse: true }],
          levels: [{ key: 'low', label: 'Low', min: 0, max: 1 }],
          problems,
        },
      ],
    })
    expect(problems.length).toBeGreaterThan(0)
    expect(summary.report).toEqual({
      pages: [{ number: 1, title: 'Results', sections: [{ type: 'score', title: '', scale: 'agree' }] }],
    })
    expect(summary.expert).toEqual({ name: 'Ana', title: 'Coach', comments: [{ scale: 'agree', level: 'low' }] })
    expect(summary.connect).toEqual({
      primaryColor: '#2563eb',
      fontFamily: 'system',
      layout: 'one-per-screen',
      buttonText: 'Submit',
      customCss: true,
    })

    const markdown = ok(await cli('snapshot', '--app', app)).stdout
    for (const piece of [
      '## Scales (1)\n\n### Agreement (`agree`)\n\n- method: sum · range: 0 – 2 · complete: no\n- description: How much you agree\n- items: q2 (reverse)\n\n| level | label | from | to | interpretation |\n|---|---|---|---|---|\n| low | Low | 0 | 1 | Mostly no. |\n',
      '## Report (1 page)\n\n### Page 1: Results\n\n1. score `agree`: You: {{score.agree}}',
      '## Expert\n\n- name: Ana\n- title: Coach\n- bio: -\n- avatar: -\n\n| scale | level | comment |\n|---|---|---|\n| agree | low | Try again. |',
      '## Connect (page styling)\n\n- colours: primary #2563eb · background #ffffff · text #1f2937\n- font: system · layout: one-per-screen · button: Submit\n- logo: -\n\n```css\nh1 { color: red; }\n```',
    ])
      expect(markdown).toContain(piece)
    expect(ok(await cli('snapshot', '--app', app, '--module', 'connect', '--detail', 'summary')).stdout).toBe(
      '## Connect (page styling)\n\n- colours: primary #2563eb · background #ffffff · text #1f2937\n- font: system · layout: one-per-screen · button: Submit\n- logo: -\n- custom CSS: 18 characters\n',
    )
  })
})

describe('across the assessment commands', () => {
  test('without a token every command exits 4 and says how to log in', async () => {
    const run = await cliInProcess(['scale', 'list', '--app', 'a', '--json'], { env: { SVC_URL: server.url } })
    expect(failed(run, 4)).toEqual({
      type: 'unauthorized',
      message: `Not logged in to ${server.url}. Run \`svc-cli auth login\` (or \`svc-cli auth login --with-token < token.txt\`), or set SVC_TOKEN.`,
    })
  })

  test('every command is in the MCP whitelist with its effect, and its help has an example', async () => {
    const entries = await execWhitelist(ROOT)
    const effects = Object.fromEntries(
      [...entries.values()]
        .filter((e) => /^(scale|report|expert|connect)\b/.test(e.name))
        .map((e) => [e.name, e.effect]),
    )
    expect(effects).toEqual({
      'scale add': 'write',
      'scale list': 'read',
      'scale get': 'read',
      'scale update': 'write',
      'scale remove': 'destructive',
      'scale item add': 'write',
      'scale item remove': 'destructive',
      'scale level set': 'write',
      'scale level remove': 'destructive',
      'scale rescore': 'write',
      'report get': 'read',
      'report page add': 'write',
      'report page list': 'read',
      'report page update': 'write',
      'report page remove': 'destructive',
      'report section add': 'write',
      'report section remove': 'destructive',
      'report preview': 'read',
      'expert get': 'read',
      'expert set': 'write',
      'expert comment set': 'write',
      'expert comment list': 'read',
      'expert comment remove': 'destructive',
      'connect get': 'read',
      'connect set': 'write',
      'connect reset': 'destructive',
      'connect preview': 'read',
    })
    for (const name of Object.keys(effects)) {
      const help = await cliInProcess([...name.split(' '), '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toContain(`\nEXAMPLE\n\n  svc-cli ${name} `)
    }
  })
})
