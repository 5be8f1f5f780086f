/**
 * Plain forms from one instruction: the built-in planner knows contact, RSVP,
 * registration, sign-up, newsletter, order, booking, feedback, bug report, job application
 * and survey instructions (English and Chinese) and plans the fields they name, typed for
 * their answers and required where a person expects it, with no scales, report pages or
 * expert, and notes that say so. Instructions that ask to measure something still get an
 * assessment. Built through the modules, a plain form thanks the respondent instead of
 * offering a report.
 */
import { describe, expect, test } from 'bun:test'
import { publish } from '../../server/core/share/publish.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { executePlan } from '../../server/smart/execute.ts'
import { draftPlan } from '../../server/smart/planners.ts'
import { savePlan } from '../../server/smart/plans.ts'
import { checkPlan } from '../../server/contract/smart/check-plan.ts'
import type { Plan } from '../../server/contract/smart/plan.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

/** A field as `name type[*] [options]`: `*` when required. */
const fieldsOf = (plan: Plan) =>
  plan.form.fields.map(
    (field) =>
      `${field.name} ${field.type}${field.required ? '*' : ''}${field.options ? ` [${field.options.join('/')}]` : ''}: ${field.label}`,
  )

const cases: Array<[string, { name: string; fields: string[]; button: string }]> = [
  [
    'a contact form with name, email and message',
    {
      name: 'Contact form',
      fields: ['name text*: Name', 'email email*: Email address', 'message longtext*: Message'],
      button: 'Send message',
    },
  ],
  [
    'an RSVP form for our wedding: name, attending yes/no, number of guests, dietary needs',
    {
      name: 'RSVP form for the wedding',
      fields: [
        'name text*: Name',
        'attending boolean*: Will you attend?',
        'guests number: Number of guests',
        'dietary_needs longtext: Dietary needs or allergies',
      ],
      button: 'Send reply',
    },
  ],
  [
    'event registration for a one-day workshop: name, email, company, which day (Friday or Saturday)',
    {
      name: 'Registration form',
      fields: [
        'name text*: Name',
        'email email*: Email address',
        'organisation text: Company or organisation',
        'day choice [Friday/Saturday]: Which day?',
      ],
      button: 'Register',
    },
  ],
  [
    'newsletter sign-up form',
    {
      name: 'Newsletter sign-up form',
      fields: ['email email*: Email address', 'name text: Name', 'interests longtext: What are you interested in?'],
      button: 'Subscribe',
    },
  ],
  [
    'an order form for a bakery: name, phone, pickup date, cake size (small, medium, large), message on the cake',
    {
      name: 'Order form for a bakery',
      fields: [
        'name text*: Name',
        'phone text*: Phone number',
        'date date: Pickup date',
        'cake_size choice [Small/Medium/Large]: Cake size',
        'message_cake longtext: Message on the cake',
      ],
      button: 'Place order',
    },
  ],
  [
    'a booking form for a hair salon: name, phone, service (cut, colour, styling), preferred date and time',
    {
      name: 'Booking form for a hair salon',
      fields: [
        'name text*: Name',
        'phone text*: Phone number',
        'service choice [Cut/Colour/Styling]: Service',
        'date date*: Preferred date',
        'time text: Preferred time',
      ],
      button: 'Request booking',
    },
  ],
  [
    'a bug report form with steps to reproduce, expected and actual behaviour, severity and browser',
    {
      name: 'Bug report form',
      fields: [
        'steps longtext*: Steps to reproduce',
        'expected longtext: What did you expect to happen?',
        'actual longtext: What happened instead?',
        'severity choice [Low/Medium/High/Critical]: Severity',
        'browser text: Browser and version',
      ],
      button: 'Send report',
    },
  ],
  [
    'job application form: name, email, phone, position, CV link, cover letter',
    {
      name: 'Job application form',
      fields: [
        'name text*: Name',
        'email email*: Email address',
        'phone text: Phone number',
        'position text*: Position',
        'cv_link text: CV link',
        'cover_letter longtext: Cover letter',
      ],
      button: 'Send application',
    },
  ],
  [
    // Years are counted: a number, though "experience" alone would read as long text.
    'job application form: name, email, years of experience, cover letter',
    {
      name: 'Job application form',
      fields: [
        'name text*: Name',
        'email email*: Email address',
        'years_experience number: Years of experience',
        'cover_letter longtext: Cover letter',
      ],
      button: 'Send application',
    },
  ],
  [
    '求职申请表：姓名、邮箱、工作年限、自我介绍',
    {
      name: '求职申请表',
      fields: [
        'name text*: 姓名',
        'email email*: 邮箱',
        '工作年限 number: 工作年限',
        'cover_letter longtext: 自我介绍',
      ],
      button: '提交申请',
    },
  ],
  [
    'a feedback form for our workshop, dark theme',
    {
      name: 'Feedback form for the workshop',
      fields: [
        'rating choice [Excellent/Good/Fair/Poor]: Overall, how was it?',
        'liked longtext: What did you like most?',
        'suggestions longtext: What could we do better?',
        'name text: Name',
        'email email: Email address',
      ],
      button: 'Send feedback',
    },
  ],
  [
    'a survey asking which features people use and how they heard of us',
    {
      name: 'Survey',
      fields: [
        'features longtext: Which features do you use?',
        'referral choice [Search engine/Social media/A friend or colleague/An advertisement/Other]: How did you hear about us?',
      ],
      button: 'Send answers',
    },
  ],
  [
    'a customer survey asking what people bought, how often they visit and what we should stock, no scoring',
    {
      name: 'Customer survey',
      fields: [
        'buy longtext: What did you buy?',
        'visit_frequency choice [Every day/Every week/Every month/A few times a year/Rarely or never]: How often do you visit?',
        'stock longtext: What should we stock?',
      ],
      button: 'Send answers',
    },
  ],
  [
    'a form with name, email and phone',
    {
      name: 'Form',
      fields: ['name text*: Name', 'email email*: Email address', 'phone text: Phone number'],
      button: 'Send',
    },
  ],
  [
    '联系表单：姓名、邮箱、留言',
    {
      name: '联系表单',
      fields: ['name text*: 姓名', 'email email*: 邮箱', 'message longtext*: 留言'],
      button: '发送留言',
    },
  ],
  [
    '活动报名表：姓名、手机号、参加人数、饮食要求',
    {
      name: '活动报名表',
      fields: ['name text*: 姓名', 'phone text: 手机号', 'guests number: 参加人数', 'dietary_needs longtext: 饮食要求'],
      button: '提交报名',
    },
  ],
  [
    '订单表：姓名、电话、数量、配送地址',
    {
      name: '订单表',
      fields: ['name text*: 姓名', 'phone text*: 电话', 'quantity number: 数量', 'address longtext: 配送地址'],
      button: '提交订单',
    },
  ],
  [
    '意见反馈表',
    {
      name: '意见反馈表',
      fields: [
        'rating choice [很好/好/一般/差]: 总体评价',
        'liked longtext: 你最喜欢哪些方面？',
        'suggestions longtext: 有哪些可以改进的地方？',
        'name text: 姓名',
        'email email: 电子邮箱',
      ],
      button: '提交反馈',
    },
  ],
  [
    '一份调查问卷，询问大家使用哪些功能、从哪里知道我们',
    {
      name: '调查问卷',
      fields: [
        '使用哪些功能 longtext: 你使用哪些功能？',
        'referral choice [搜索引擎/社交媒体/朋友或同事推荐/广告/其他]: 你是从哪里知道我们的？',
      ],
      button: '提交',
    },
  ],
]

describe.each(cases)('"%s" is a plain form', (instruction, wanted) => {
  const plan = planWithBuiltin(instruction)

  test('with the fields it names, typed and required as a person expects', () => {
    expect({ name: plan.app.name, fields: fieldsOf(plan), button: plan.connect.theme.buttonText }).toEqual(wanted)
  })

  test('and nothing scored: no scales, report pages or expert; all fields on one page; valid and deterministic', () => {
    expect({
      scales: plan.scale.scales,
      pages: plan.report.pages,
      expert: plan.expert,
      layout: plan.connect.theme.layout,
      problems: checkPlan(plan).problems,
    }).toEqual({ scales: [], pages: [], expert: { profile: {}, commentary: [] }, layout: 'all', problems: [] })
    expect(planWithBuiltin(instruction)).toEqual(plan)
  })

  test('says so in its notes, with how to ask for an assessment instead', () => {
    expect(plan.notes.filter((note) => note.startsWith('Plain form: '))).toHaveLength(1)
    expect(plan.notes).toContain(
      'For a scored assessment instead (questions on an answer scale, levels and a report), say what to measure, e.g. "a 10-question customer satisfaction survey with 3 levels".',
    )
  })
})

test('the notes name what asked for a plain form and list every field with its type', () => {
  expect(planWithBuiltin('a contact form with name, email and message, calm green, publish it').notes).toEqual([
    'Language: English, detected from the instruction.',
    'Plain form: "contact form" in the instruction asks for a contact form; it collects answers and scores nothing, so the plan has fields only (no scales, report pages or expert), and respondents see a thank-you page after sending.',
    'Fields as the instruction names them, typed from their words: name (text, required), email (email address, required), message (long text, required).',
    'For a scored assessment instead (questions on an answer scale, levels and a report), say what to measure, e.g. "a 10-question customer satisfaction survey with 3 levels".',
    'No light/dark preference given: used a light theme.',
    'No layout given: all fields on one page, as people expect of a short form.',
    'Publishing: asked for, so the app is published when the plan is executed.',
  ])
  const survey = planWithBuiltin('a survey asking which features people use, no scoring').notes
  expect(survey.slice(1, 4)).toEqual([
    'Plain form: the instruction says "no scoring"; it collects answers and scores nothing, so the plan has fields only (no scales, report pages or expert), and respondents see a thank-you page after sending.',
    'Fields as the instruction names them, typed from their words: features (long text).',
    '"Which features do you use?" lists no options, so it is answered in words; name them in brackets (e.g. "which features (search, export, sharing)") to make it a choice.',
  ])
  expect(fieldsOf(planWithBuiltin('a survey asking which features (search, export, sharing) people use'))).toEqual([
    'features multichoice [Search/Export/Sharing]: Which features do you use?',
  ])
  expect(planWithBuiltin('newsletter sign-up form').notes[2]).toBe(
    'No fields listed: used the usual fields of a newsletter sign-up form: email (email address, required), name (text), interests (long text). Add, rename or remove fields in the plan before building, or later with svc-cli field add / field remove.',
  )
})

test('styling words are not fields, and marks in brackets decide what is required', () => {
  const plan = planWithBuiltin(
    'contact us page with name, email, phone (optional), subject and message (required), dark theme, one question per screen',
  )
  expect(fieldsOf(plan)).toEqual([
    'name text*: Name',
    'email email*: Email address',
    'phone text: Phone number',
    'subject text: Subject',
    'message longtext*: Message',
  ])
  expect([plan.connect.theme.backgroundColor, plan.connect.theme.layout]).toEqual(['#0f172a', 'one-per-screen'])
})

// The rule for ambiguous instructions (server/smart/forms/detect.ts): a sign of measuring makes an assessment.
test.each([
  ['aspects to rate', 'restaurant feedback survey about taste, atmosphere, service and price, 8 questions'],
  ['an answer scale', 'website feedback: navigation, readability, performance; 6 questions, frequency scale'],
  ['levels', 'onboarding feedback form for new hires covering training, manager support and team, 3 levels'],
  ['a number of questions and no fields', 'a feedback survey with 10 questions'],
  ['something the library measures', 'a survey asking how satisfied people are with our service'],
  ['an assessment noun', '活动满意度测评，维度：场地、内容、组织'],
])('%s make an assessment: "%s"', (_, instruction) => {
  const plan = planWithBuiltin(instruction)
  expect(plan.scale.scales.length).toBeGreaterThan(0)
  expect(plan.notes.filter((note) => note.startsWith('Plain form'))).toEqual([])
})

test.each([
  [
    'hotel check-in form: name, arrival date, check-out date',
    ['name text*: Name', 'date date: Arrival date', 'check_out_date date: Check-out date'],
  ],
  [
    'a bug report form: summary, expected result, actual result, test environment',
    [
      'summary text*: Summary',
      'expected longtext: What did you expect to happen?',
      'actual longtext: What happened instead?',
      'test_environment text: Test environment',
    ],
  ],
  [
    'a registration form with name, email and skill level (beginner, intermediate, advanced)',
    [
      'name text*: Name',
      'email email*: Email address',
      'skill_level choice [Beginner/Intermediate/Advanced]: Skill level',
    ],
  ],
])('words that only look like measuring stay fields: "%s"', (instruction, fields) => {
  expect(fieldsOf(planWithBuiltin(instruction))).toEqual(fields)
})

test('"no scoring" makes a plain form even where a scale is named', () => {
  expect(
    fieldsOf(planWithBuiltin('a 5-point customer survey, without scoring: favourite product, how often they visit')),
  ).toEqual([
    'favourite_product text: Favourite product',
    'visit_frequency choice [Every day/Every week/Every month/A few times a year/Rarely or never]: How often do you visit?',
  ])
})

test.each([
  ['a control character in a field', 'RSVP: name\u0000x, email'],
  ['a control character in a dimension', 'a stress check, dimensions: workload\u0007, support'],
  ['a label over the limit', `a contact form with ${'x'.repeat(300)}`],
  ['an option over the limit', `an order form: size (${'y'.repeat(300)}, small)`],
  [
    'more fields than a form holds',
    `a registration form with ${Array.from({ length: 80 }, (_, i) => `field ${i}`).join(', ')}`,
  ],
])('%s still makes a valid plan', (_, instruction) => {
  expect(checkPlan(planWithBuiltin(instruction)).problems).toEqual([])
})

test('a form names at most as many fields as a form holds, and says what it left out', () => {
  const plan = planWithBuiltin(
    `a registration form with ${Array.from({ length: 80 }, (_, i) => `field ${i}`).join(', ')}`,
  )
  expect(plan.form.fields.map((field) => field.name).slice(-2)).toEqual(['field_48', 'field_49'])
  expect(plan.notes).toContain('The instruction names 80 fields: kept the first 50, the most a form has.')
})

test('a plain form takes a validated instrument only when the instruction names it', () => {
  // "depression" alone would mean the PHQ-9 in an assessment instruction.
  const registration = draftPlan('a registration form for a depression support group')
  expect([registration.madeBy, registration.plan.app.name]).toEqual([
    'builtin',
    'Registration form for a depression support group',
  ])
  expect(draftPlan('a depression screening for our clinic').madeBy).toBe('instrument')
})

test('built through the modules, a plain form has its fields only and thanks the respondent instead of a report', async () => {
  const t = testApp()
  const { user, token: ownerToken } = await makeUser(t.ctx)
  const plan = planWithBuiltin('an RSVP form for our wedding: name, email, attending yes/no, number of guests')
  const planId = await savePlan(t.ctx, user.id, 'builtin', plan)
  const built = await executePlan(t.ctx, user.id, planId)
  expect(built.modules.map((m) => [m.module, m.status, m.created])).toEqual([
    ['form', 'done', ['name', 'email', 'attending', 'guests']],
    ['scale', 'done', []],
    ['report', 'done', []],
    ['expert', 'done', []],
    ['connect', 'done', ['theme']],
    ['share', 'done', []],
  ])
  const token = (await publish(t.ctx, user.id, built.appId)).token!
  const form = await t.request('GET', `/f/${token}`)
  expect(form.status).toBe(200)
  expect(form.text).toContain('Will you attend?')
  expect(form.text).toContain('Send reply')
  const sent = await t.request('POST', `/f/${token}`, {
    raw: new URLSearchParams({ name: 'Ada', email: 'ada@example.com', attending: 'true', guests: '2' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect([sent.status, sent.headers.get('location')]).toEqual([303, `/f/${token}/thanks`])
  const records = await t.call('reads.query', { params: { token } }, { token: ownerToken })
  expect(records.body.records.map((record: { data: unknown }) => record.data)).toEqual([
    { name: 'Ada', email: 'ada@example.com', attending: true, guests: 2 },
  ])
})
