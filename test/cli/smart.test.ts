/**
 * svc-cli smart against a real server with the built-in planner: generate (non-TTY stage
 * lines on stderr, JSON on stdout; a TTY's live line; a plain form's overview), plan-only, plan show/list/edit/
 * validate (invalid plans exit 1 listing every problem), execute by id, by module and from
 * a file, and status.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkPlan } from '../../server/contract/smart/check-plan.ts'
import type { Plan } from '../../server/contract/smart/plan.ts'
import type { AnswerOf } from '../../server/contract/api/request.ts'
import { boundCaller } from '../support/bound-call.ts'
import { cliInProcess, startTestServer, tempConfigHome, type CliRun } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import type { JsonDocument } from '../support/contract.ts'

const server = await startTestServer()
afterAll(() => server.close())

let env: Record<string, string>
let token: string
beforeAll(async () => {
  token = (await server.account()).token
  env = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() }
})
const cli = (argv: string[], stdin?: string) => cliInProcess(argv, { env, stdin })
const ok = (run: CliRun) => {
  expect({ code: run.code, stderr: run.code ? run.stderr : '' }).toEqual({ code: 0, stderr: '' })
  return run
}
/** Calls operation `name` on the server as the account the CLI uses. */
const api = boundCaller(server.url, () => token)
const INSTRUCTION =
  'a 6-question burnout check for nurses with two dimensions: exhaustion, cynicism; 5-point scale; calm blue'
const dir = tempDir('svc-smart-cli-')

/** The overview the CLI prints for a stored plan, written out field by field. */
const overviewOf = (stored: AnswerOf<'plans.get'>) => ({
  planId: stored.id,
  planner: stored.planner,
  name: stored.plan.app.name,
  description: stored.plan.app.description,
  language: stored.plan.language,
  questions: stored.plan.form.fields.length,
  dimensions: stored.plan.scale.scales.map((s) => ({
    key: s.key,
    name: s.name,
    items: s.items!.length,
    levels: s.levels!.map((l) => l.label),
  })),
  reportPages: stored.plan.report.pages.map((p) => p.title),
  publish: stored.plan.share.publish,
  notes: stored.plan.notes,
  appId: stored.execution?.appId ?? null,
})

describe('smart generate', () => {
  test('off a terminal: one plain line per stage on stderr (none with --json), one JSON document on stdout, the app built', async () => {
    const run = ok(await cli(['smart', 'generate', '--input', INSTRUCTION, '--json']))
    expect(run.stderr).toBe('')
    const out = run.json()
    const stored = (await api('plans.get', { params: { id: out.planId } })).body.data
    expect(stored.plan.form.fields).toHaveLength(6)
    expect(stored.plan.scale.scales.map((s: { key: string }) => s.key)).toEqual(['exhaustion', 'cynicism'])
    const plain = await cli(['smart', 'generate', '--input', INSTRUCTION, '--plan-only'])
    expect(plain.code).toBe(0)
    const planId = /smart execute --plan (\S+)/.exec(plain.stdout)![1]
    const lines = plain.stderr.trimEnd().split('\n')
    expect(lines.map((line) => line.replace(/^\[\s*\d+\.\ds\] /, ''))).toEqual([
      'Queued for the builtin planner',
      'Reading the instruction',
      'Built-in plan: 6 questions, 2 dimension(s)',
      'Saving the plan',
      `Plan ${planId} is ready: 6 questions, 2 dimension(s)`,
    ])
    expect(plain.stderr).not.toContain('\r')
    expect(plain.stderr).not.toContain('\u001B')

    const appId = stored.execution!.appId!
    expect(out).toEqual({
      jobId: expect.any(String),
      planId: stored.id,
      plan: { ...overviewOf(stored), appId: null },
      execution: {
        planId: stored.id,
        appId,
        appCreated: true,
        modules: [
          { module: 'form', status: 'done', created: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'], existing: [] },
          { module: 'scale', status: 'done', created: ['exhaustion', 'cynicism'], existing: [] },
          { module: 'report', status: 'done', created: expect.any(Array), existing: [] },
          {
            module: 'expert',
            status: 'done',
            created: [
              'profile',
              ...['exhaustion', 'cynicism'].flatMap((s) => ['low', 'moderate', 'high'].map((l) => `comment ${s}/${l}`)),
            ],
            existing: [],
          },
          { module: 'connect', status: 'done', created: ['theme'], existing: [] },
          { module: 'share', status: 'done', created: [], existing: [] },
        ],
        urls: {
          endpoint: null,
          help: null,
          fillIn: null,
          editor: `${server.ctx.config.baseUrl}/admin/#/apps/${appId}`,
          data: `${server.ctx.config.baseUrl}/admin/#/apps/${appId}/data`,
        },
      },
    })
    // What is stored afterwards: the app with its questions and scales, unpublished.
    expect((await api('apps.get', { params: { id: appId } })).body.data).toMatchObject({
      name: stored.plan.app.name,
      fieldCount: 6,
      published: false,
    })
    expect(
      (await api('scales.list', { params: { id: appId } })).body.data.scales.map((s: { key: string }) => s.key),
    ).toEqual(['exhaustion', 'cynicism'])
    const job = (await api('smart.job', { params: { id: out.jobId } })).body.data
    expect(job).toMatchObject({ status: 'succeeded', planId: stored.id })
  })

  test('--publish publishes on build and the human output lists every URL', async () => {
    const run = ok(await cli(['smart', 'generate', '--input', INSTRUCTION, '--publish']))
    const appId = /^Built app (\S+) from plan (\S+)$/m.exec(run.stdout)![1]
    const urls = (await api('apps.urls', { params: { id: appId } })).body.data
    expect(urls.fillIn).toStartWith(`${server.ctx.config.baseUrl}/f/`)
    expect(run.stdout).toContain(
      `\n  share    created 1: published\n\nfill-in   ${urls.fillIn}\neditor    ${urls.editor}\ndata      ${urls.data}\nendpoint  ${urls.endpoint}\n`,
    )
    expect(run.stdout).toContain('Publish when executed: yes.')
    expect(run.stdout).toContain('- Publishing: asked for with --publish, so building the app publishes its endpoint.')
    expect(run.stdout).not.toContain('Publishing: not asked for')
    const share = (await api('share.get', { params: { id: appId } })).body.data
    expect(share).toMatchObject({ published: true, endpoint: urls.endpoint })
  })

  test('on a terminal the progress is one live line with stage and elapsed time, then ✓', async () => {
    const run = await cliInProcess(['smart', 'generate', '--input', INSTRUCTION, '--plan-only'], {
      env,
      prompt: async () => '',
    })
    expect(run.code).toBe(0)
    // Spinner frames may tick in between on a busy machine; the stage line and the final ✓ are always there.
    expect(run.stderr).toMatch(/^\r\u001B\[K/)
    expect(run.stderr).toMatch(
      /\r\u001B\[K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] done 100% {2}Plan \S+ is ready: 6 questions, 2 dimension\(s\) {2}\d+\.\ds\r/,
    )
    expect(run.stderr).toMatch(/\r\u001B\[K✓ done {2}Plan \S+ is ready: 6 questions, 2 dimension\(s\) {2}\d+\.\ds\n$/)
    expect(run.stderr.split('\n')).toHaveLength(2)
  })

  test('a plain form: the overview says so, and building makes its fields and nothing scored', async () => {
    const run = ok(await cli(['smart', 'generate', '--input', 'a contact form with name, email and message']))
    const [, planId] = /^Plan (\S+): /m.exec(run.stdout)!
    const appId = /^Built app (\S+) from plan /m.exec(run.stdout)![1]
    expect(run.stdout).toStartWith(
      `Plan ${planId}: "Contact form" (en, builtin planner), 3 fields, a plain form (no scales, report or expert).\nReport pages: none. Publish when executed: no.\n`,
    )
    expect(run.stdout).toContain(
      `Built app ${appId} from plan ${planId}\n  form     created 3: name, email, message\n  scale    nothing to do\n  report   nothing to do\n  expert   nothing to do\n  connect  created 1: theme\n  share    nothing to do\n`,
    )
    const fields = (await api('fields.list', { params: { id: appId } })).body.data.fields
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['name', 'text', true],
      ['email', 'email', true],
      ['message', 'longtext', true],
    ])
    const show = ok(await cli(['smart', 'plan', 'show', '--plan', planId])).stdout
    expect(show).toContain(
      '## Fields (3)\n\n1. `name` (text, required) Name\n2. `email` (email, required) Email address\n3. `message` (longtext, required) Message\n\n## Dimensions (0)\n\nNone: a plain form scores nothing, and respondents see a thank-you page after sending.\n',
    )
  })

  test('--plan-only stores the plan and builds nothing', async () => {
    const before = (await api('apps.list')).body.data.apps.length
    const run = ok(await cli(['smart', 'generate', '--input', '一个关于压力的测评，10道题', '--plan-only', '--json']))
    const out = run.json()
    const stored = (await api('plans.get', { params: { id: out.planId } })).body.data
    expect(out).toEqual({ jobId: expect.any(String), planId: stored.id, plan: overviewOf(stored), execution: null })
    expect(stored.plan.language).toBe('zh')
    expect(stored.execution).toBeNull()
    expect((await api('apps.list')).body.data.apps).toHaveLength(before)
    const human = ok(await cli(['smart', 'generate', '--input', 'a quick wellbeing check', '--plan-only'])).stdout
    expect(human).toMatch(
      /\n\nNext: svc-cli smart plan show --plan (\S+) {3}then {3}svc-cli smart execute --plan \1\n$/,
    )
  })

  test.each([
    [
      ['smart', 'generate', '--input', '   '],
      1,
      'error: instruction: cannot be empty: describe the form or assessment, e.g. "a contact form with name, email and message" or "a 10-question wellbeing check with 2 dimensions"\n',
    ],
    [
      ['smart', 'generate', '--input', 'x', '--planner', 'llm'],
      1,
      'error: The LLM planner is not configured on this server: set SVC_LLM_URL and SVC_LLM_MODEL, or use planner "builtin"\n',
    ],
    [
      ['smart', 'generate', '--input', 'x', '--planner', 'gpt'],
      2,
      'error: Invalid value for argument: --planner (gpt). Expected one of: builtin, llm.\nRun `svc-cli smart generate --help` for usage.\n',
    ],
  ])('refuses %p', async (argv, code, stderr) => {
    expect(await cli(argv)).toMatchObject({ code, stdout: '', stderr })
  })
})

describe('plans: show, list, edit, validate, execute, status', () => {
  let planId: string
  let jobId: string
  let plan: Plan
  beforeAll(async () => {
    const out = ok(await cli(['smart', 'generate', '--input', INSTRUCTION, '--plan-only', '--json'])).json()
    ;[planId, jobId] = [out.planId, out.jobId]
    plan = (await api('plans.get', { params: { id: planId } })).body.data.plan
  })

  test('show: --format json is the document, --json the stored plan, markdown for reading; list', async () => {
    const stored = (await api('plans.get', { params: { id: planId } })).body.data
    expect(JSON.parse(ok(await cli(['smart', 'plan', 'show', '--plan', planId, '--format', 'json'])).stdout)).toEqual(
      stored.plan,
    )
    expect(ok(await cli(['smart', 'plan', 'show', '--plan', planId, '--json'])).json()).toEqual(stored)
    const markdown = ok(await cli(['smart', 'plan', 'show', '--plan', planId])).stdout
    expect(markdown).toStartWith(
      `# ${plan.app.name}\n\n${plan.app.description}\n\nPlan \`${planId}\` · builtin planner · language en · updated ${stored.updatedAt}\nApp: not built yet · publish when executed: no\n\n> ${INSTRUCTION}\n\n## Notes\n\n`,
    )
    expect(markdown).toContain(
      `## Questions (6)\n\n1. \`q1\` (choice, required) ${plan.form.fields[0].label} — ${plan.form.fields[0].options!.join(' / ')}\n`,
    )
    expect(markdown).toContain('## Dimensions (2)\n\n### Exhaustion (`exhaustion`, mean)\n')
    const list = ok(await cli(['smart', 'plan', 'list', '--json'])).json()
    expect(list.plans.find((p: { id: string }) => p.id === planId)).toEqual({
      id: planId,
      planner: 'builtin',
      name: plan.app.name,
      language: 'en',
      questions: 6,
      dimensions: 2,
      appId: null,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    })
    const missing = await cli(['smart', 'plan', 'show', '--plan', 'nope', '--json'])
    expect({ code: missing.code, error: JSON.parse(missing.stderr) }).toEqual({
      code: 1,
      error: { error: { type: 'not_found', message: 'Plan not found' } },
    })
  })

  test('edit and validate refuse an invalid plan with exit 1, listing every problem; nothing is stored', async () => {
    const broken: JsonDocument = structuredClone(plan)
    broken.scale.scales[0].items[0].field = 'nope'
    broken.expert.commentary[0].level = 'extreme'
    const { problems } = checkPlan(broken)
    expect(problems.length).toBeGreaterThanOrEqual(2)
    const file = join(dir, 'broken.json')
    writeFileSync(file, JSON.stringify(broken))
    const listed = problems.map((p) => `  - ${p.path}: ${p.message}`).join('\n')
    const before = (await api('plans.get', { params: { id: planId } })).body.data

    const edit = await cli(['smart', 'plan', 'edit', '--plan', planId, '--file', file])
    expect(edit).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `error: ${file} is not a valid plan (${problems.length} problems); fix them and try again:\n${listed}\n`,
    })
    const editStdin = await cli(['smart', 'plan', 'edit', '--plan', planId, '--json'], JSON.stringify(broken))
    expect({ code: editStdin.code, error: JSON.parse(editStdin.stderr) }).toEqual({
      code: 1,
      error: {
        error: {
          type: 'validation',
          message: `stdin is not a valid plan (${problems.length} problems); fix them and try again:\n${listed}`,
        },
      },
    })
    expect((await api('plans.get', { params: { id: planId } })).body.data).toEqual(before)

    const local = await cli(['smart', 'plan', 'validate', '--file', file])
    expect(local).toMatchObject({
      code: 1,
      stderr: `error: ${file} is not a valid plan (${problems.length} problems); fix them and try again:\n${listed}\n`,
    })
    // The same document checked by the server, against the plan id.
    const remote = await cli(['smart', 'plan', 'validate', '--plan', planId, '--file', file])
    expect(remote).toMatchObject({
      code: 1,
      stderr: `error: ${file} is not a valid plan (${problems.length} problems); fix them and try again:\n${listed}\n`,
    })

    const notJson = await cli(['smart', 'plan', 'edit', '--plan', planId, '--data', '{oops'])
    expect(notJson.code).toBe(2)
    expect(notJson.stderr).toStartWith('error: --data is not valid JSON (')
    expect(await cli(['smart', 'plan', 'validate'])).toMatchObject({
      code: 2,
      stderr:
        "error: Say what to check: --plan <id> for a stored plan, or a document with --data '{…}' or --file plan.json\nRun `svc-cli smart plan validate --help` for usage.\n",
    })
    const inline = await cli(['smart', 'plan', 'validate', '--data', JSON.stringify(broken)])
    expect(inline).toMatchObject({
      code: 1,
      stderr: `error: --data is not a valid plan (${problems.length} problems); fix them and try again:\n${listed}\n`,
    })
    const inlineRemote = await cli(['smart', 'plan', 'validate', '--plan', planId, '--data', JSON.stringify(broken)])
    expect(inlineRemote).toMatchObject({
      code: 1,
      stderr: `error: --data is not a valid plan (${problems.length} problems); fix them and try again:\n${listed}\n`,
    })
    expect(await cli(['smart', 'plan', 'validate', '--data', '{}', '--file', file])).toMatchObject({
      code: 2,
      stderr:
        'error: Pass the plan either with --file or with --data, not both\nRun `svc-cli smart plan validate --help` for usage.\n',
    })
  })

  test('edit saves a valid document; validate accepts it from a file and as stored', async () => {
    const edited = { ...plan, app: { ...plan.app, name: 'Nurses burnout check' } }
    const file = join(dir, 'edited.json')
    writeFileSync(file, JSON.stringify(edited, null, 2))
    expect(ok(await cli(['smart', 'plan', 'validate', '--file', file, '--json'])).json()).toEqual({
      valid: true,
      problems: [],
    })
    expect(ok(await cli(['smart', 'plan', 'validate', '--data', JSON.stringify(edited)])).stdout).toBe(
      '--data is a valid plan\n',
    )
    expect(
      ok(await cli(['smart', 'plan', 'validate', '--plan', planId, '--data', JSON.stringify(edited), '--json'])).json(),
    ).toEqual({ valid: true, problems: [] })
    const saved = ok(await cli(['smart', 'plan', 'edit', '--plan', planId, '--file', file, '--json'])).json()
    expect(saved).toEqual((await api('plans.get', { params: { id: planId } })).body.data)
    expect(saved.plan.app.name).toBe('Nurses burnout check')
    expect(ok(await cli(['smart', 'plan', 'validate', '--plan', planId])).stdout).toBe(
      `Plan ${planId} is a valid plan\n`,
    )
    plan = saved.plan
  })

  test('execute by id, then one module again, then everything again (skipped)', async () => {
    const first = ok(await cli(['smart', 'execute', '--plan', planId, '--json'])).json()
    expect(first.modules.map((m: { module: string; status: string }) => `${m.module}:${m.status}`)).toEqual([
      'form:done',
      'scale:done',
      'report:done',
      'expert:done',
      'connect:done',
      'share:done',
    ])
    expect((await api('apps.get', { params: { id: first.appId } })).body.data).toMatchObject({
      name: 'Nurses burnout check',
      fieldCount: 6,
    })

    const connect = ok(await cli(['smart', 'execute', '--plan', planId, '--module', 'connect', '--json'])).json()
    expect(connect).toEqual({
      ...first,
      appCreated: false,
      modules: [{ module: 'connect', status: 'done', created: ['theme'], existing: [] }],
    })

    const again = ok(await cli(['smart', 'execute', '--plan', planId])).stdout
    expect(again).toStartWith(
      `Updated app ${first.appId} from plan ${planId}\n  form     skipped (done by an earlier run: 6)\n  scale    skipped (done by an earlier run: 2)\n`,
    )
    expect((await api('apps.get', { params: { id: first.appId } })).body.data.fieldCount).toBe(6)
    expect(await cli(['smart', 'execute', '--plan', planId, '--module', 'forms'])).toMatchObject({ code: 2 })
  })

  test('execute --plan <file> stores the document as a new plan and builds it', async () => {
    const file = join(dir, 'from-file.json')
    writeFileSync(file, JSON.stringify({ ...plan, app: { ...plan.app, name: 'From a file' } }))
    const built = ok(await cli(['smart', 'execute', '--plan', file, '--json'])).json()
    expect(built.importedFrom).toBe(file)
    expect(built.planId).not.toBe(planId)
    const stored = (await api('plans.get', { params: { id: built.planId } })).body.data
    expect(stored.plan).toEqual({ ...plan, app: { ...plan.app, name: 'From a file' } })
    expect(stored.execution!.appId).toBe(built.appId)
    expect((await api('apps.get', { params: { id: built.appId } })).body.data).toMatchObject({
      name: 'From a file',
      fieldCount: 6,
    })
    const broken = await cli(['smart', 'execute', '--plan', '-'], JSON.stringify({ ...plan, form: { fields: [] } }))
    expect(broken).toMatchObject({
      code: 1,
      stderr:
        'error: stdin is not a valid plan (1 problem); fix it and try again:\n  - form.fields: needs at least one field\n',
    })
  })

  test('--plan is a file only by its text (.json, a path with a separator, or -): a plan id is never looked up on disk', async () => {
    const sub = tempDir('svc-smart-plan-')
    writeFileSync(join(sub, 'my-plan'), JSON.stringify({ ...plan, app: { ...plan.app, name: 'By path' } }))
    const byPath = ok(await cli(['smart', 'execute', '--plan', join(sub, 'my-plan'), '--json'])).json()
    expect(byPath.importedFrom).toBe(join(sub, 'my-plan'))
    expect((await api('apps.get', { params: { id: byPath.appId } })).body.data).toMatchObject({ name: 'By path' })
    // A bare name is an id, even when a file of that name exists in the working directory.
    const cwd = process.cwd()
    process.chdir(sub)
    try {
      const byName = await cli(['smart', 'execute', '--plan', 'my-plan', '--json'])
      expect({ code: byName.code, error: JSON.parse(byName.stderr) }).toEqual({
        code: 1,
        error: { error: { type: 'not_found', message: 'Plan not found' } },
      })
    } finally {
      process.chdir(cwd)
    }
  })

  test('status shows the job as stored, with the next step', async () => {
    const job = (await api('smart.job', { params: { id: jobId } })).body.data
    expect(ok(await cli(['smart', 'status', '--job', jobId, '--json'])).json()).toEqual(job)
    const human = ok(await cli(['smart', 'status', '--job', jobId])).stdout
    expect(human).toStartWith(
      `job       ${jobId}\nstatus    succeeded\nplanner   builtin\nstage     done (100%)\nplan      ${planId}\nerror     -\n`,
    )
    expect(human).toEndWith(
      `\n- Queued for the builtin planner\n- Reading the instruction\n- Built-in plan: 6 questions, 2 dimension(s)\n- Saving the plan\n- Plan ${planId} is ready: 6 questions, 2 dimension(s)\n\nNext: svc-cli smart plan show --plan ${planId}   then   svc-cli smart execute --plan ${planId}\n`,
    )
    expect(await cli(['smart', 'status', '--job', 'nope'])).toMatchObject({ code: 1, stderr: 'error: Job not found\n' })
  })
})

describe('smart generate --plan-file (a plan you wrote)', () => {
  let writtenPlan: Plan
  const written = (): Plan => structuredClone(writtenPlan)
  beforeAll(async () => {
    const planned = ok(await cli(['smart', 'generate', '--input', INSTRUCTION, '--plan-only', '--json'])).json()
    const base: Plan = (await api('plans.get', { params: { id: planned.planId } })).body.data.plan
    writtenPlan = { ...base, app: { ...base.app, name: 'Written by hand' }, notes: ['Written by hand.'] }
  })

  test('stores the file as written (planner "caller") and builds it', async () => {
    const file = join(dir, 'written.json')
    writeFileSync(file, JSON.stringify(written()))
    const out = ok(await cli(['smart', 'generate', '--plan-file', file, '--json'])).json()
    const stored = (await api('plans.get', { params: { id: out.planId } })).body.data
    expect(stored.planner).toBe('caller')
    expect(stored.plan).toEqual(written())
    expect(out).toEqual({
      jobId: null,
      planId: out.planId,
      plan: overviewOf({ ...stored, execution: null }),
      execution: out.execution,
    })
    expect([out.execution.planId, out.execution.appCreated]).toEqual([out.planId, true])
    expect((await api('apps.get', { params: { id: out.execution.appId } })).body.data).toMatchObject({
      name: 'Written by hand',
      fieldCount: 6,
    })
    const human = ok(await cli(['smart', 'generate', '--plan-file', '-', '--plan-only'], JSON.stringify(written())))
    expect(human.stdout).toStartWith(`Plan `)
    expect(human.stdout).toContain('"Written by hand" (en, caller planner), 6 questions')
  })

  test('an invalid file exits 1 listing every problem, and nothing is stored', async () => {
    const before = (await api('plans.list')).body.data.plans.length
    const broken = { ...written(), form: { fields: [] } }
    const run = await cli(['smart', 'generate', '--plan-file', '-', '--json'], JSON.stringify(broken))
    expect({ code: run.code, stdout: run.stdout, error: JSON.parse(run.stderr) }).toEqual({
      code: 1,
      stdout: '',
      error: {
        error: {
          type: 'validation',
          message:
            'stdin is not a valid plan (1 problem); fix it and try again:\n  - form.fields: needs at least one field',
        },
      },
    })
    expect((await api('plans.list')).body.data.plans.length).toBe(before)
  })

  test.each([
    [['smart', 'generate'], 'Pass either --input "<instruction>" or --plan-file plan.json, not both or neither'],
    [
      ['smart', 'generate', '--input', 'x', '--plan-file', 'p.json'],
      'Pass either --input "<instruction>" or --plan-file plan.json, not both or neither',
    ],
    [
      ['smart', 'generate', '--plan-file', 'p.json', '--planner', 'builtin'],
      '--planner goes with --input; a plan file is stored as written',
    ],
  ])('%j is a usage error', async (argv, message) => {
    expect(await cli(argv)).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: ${message}\nRun \`svc-cli smart generate --help\` for usage.\n`,
    })
  })

  test('an instruction naming a validated instrument prints the instrument and its notes', async () => {
    const run = ok(await cli(['smart', 'generate', '--input', 'GAD-7 for our patients, 10 questions', '--plan-only']))
    expect(run.stdout).toContain('"Generalized Anxiety Disorder scale (GAD-7)" (en, instrument planner), 7 questions')
    expect(run.stdout).toContain(
      '- Asked for 10 questions: GAD-7 has 7 as published, and changing the count would make the published scoring and cut-offs invalid, so all 7 are kept.',
    )
  })
})
