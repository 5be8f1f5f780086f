/**
 * @module The plain forms the built-in planner knows: forms that collect answers and score
 * nothing (contact, RSVP, registration, order, booking, feedback, bug report, job
 * application, newsletter, surveys). Each says which words ask for it, the fields it has
 * when the instruction lists none (vocabulary keys), which of them a person expects to be
 * required, and what respondents read above the form and on its button.
 */
import type { Bilingual } from '../catalog/library/types.ts'

export const PLAIN_FORM_KINDS = [
  'contact',
  'rsvp',
  'newsletter',
  'application',
  'bug-report',
  'order',
  'booking',
  'registration',
  'feedback',
  'survey',
  'form',
] as const
export type PlainFormKindName = (typeof PLAIN_FORM_KINDS)[number]

export interface PlainFormKind {
  kind: PlainFormKindName
  title: Bilingual
  /** How a note names it: "a contact form". */
  what: string
  /** Words that ask for this kind; null for the generic form, which is recognised by its fields. */
  pattern: RegExp | null
  /**
   * A specific kind wins wherever its words stand ("a sign-up form for our newsletter" is a
   * newsletter form); among general ones the first named wins ("a feedback form for the registration desk").
   */
  specific: boolean
  /** Vocabulary keys of the fields it has when the instruction lists none. */
  fields: string[]
  /** Vocabulary keys a respondent expects to fill in. */
  requires: string[]
  description: Bilingual
  button: Bilingual
}

/** Specific kinds first, in the order they are tried. */
export const PLAIN_FORMS: readonly PlainFormKind[] = [
  {
    kind: 'contact',
    specific: true,
    title: { en: 'Contact form', zh: '联系表单' },
    what: 'a contact form',
    pattern:
      /\bcontact(?:[- ]us)?\s+(?:form|page)\b|\bget in touch\b|\b(?:enquiry|inquiry) form\b|联系表|联系我们|留言表|留言板|咨询表/iu,
    fields: ['name', 'email', 'message'],
    requires: ['name', 'email', 'message'],
    description: {
      en: 'Send us a message and we will reply by email.',
      zh: '给我们留言，我们会通过邮件回复你。',
    },
    button: { en: 'Send message', zh: '发送留言' },
  },
  {
    kind: 'rsvp',
    specific: true,
    title: { en: 'RSVP', zh: '出席回执' },
    what: 'an RSVP form',
    pattern: /\brsvps?\b|\brépondez\b|\binvitation (?:reply|response)\b|回执|出席回复|是否出席/iu,
    fields: ['name', 'email', 'attending', 'guests', 'dietary_needs'],
    requires: ['name', 'attending'],
    description: { en: 'Please let us know whether you can come.', zh: '请告诉我们你是否能够出席。' },
    button: { en: 'Send reply', zh: '提交回执' },
  },
  {
    kind: 'newsletter',
    specific: true,
    title: { en: 'Newsletter sign-up', zh: '订阅通讯' },
    what: 'a newsletter sign-up form',
    pattern: /\bnewsletters?\b|\bmailing list\b|\bsubscri(?:be|ption) form\b|订阅|邮件列表|电子报/iu,
    fields: ['email', 'name', 'interests'],
    requires: ['email'],
    description: {
      en: 'Leave your email address to get our newsletter. You can unsubscribe at any time.',
      zh: '留下你的邮箱，即可收到我们的通讯。你可以随时退订。',
    },
    button: { en: 'Subscribe', zh: '订阅' },
  },
  {
    kind: 'application',
    specific: true,
    title: { en: 'Job application', zh: '求职申请表' },
    what: 'a job application form',
    pattern:
      /\bjob applications?\b|\bapplication form\b|\bapply for (?:a|the|our) (?:job|position|role)\b|\bjob applicants?\b|求职|应聘|申请表|职位申请/iu,
    fields: ['name', 'email', 'phone', 'position', 'cv_link', 'cover_letter', 'start_date'],
    requires: ['name', 'email', 'position'],
    description: {
      en: 'Apply by filling in the form below; we read every application.',
      zh: '请填写以下表格提交申请，我们会认真阅读每一份申请。',
    },
    button: { en: 'Send application', zh: '提交申请' },
  },
  {
    kind: 'bug-report',
    specific: true,
    title: { en: 'Bug report', zh: '问题报告' },
    what: 'a bug report form',
    pattern:
      /\bbug[- ]?reports?\b|\breport(?:ing)? (?:a )?bugs?\b|\b(?:issue|defect|error|problem) reports?\b|\bbug form\b|错误报告|问题报告|缺陷报告|故障报修|报修|\bbug\b/iu,
    fields: ['summary', 'steps', 'expected', 'actual', 'severity', 'browser', 'email'],
    requires: ['summary', 'steps'],
    description: {
      en: 'Tell us what went wrong, step by step, so that we can reproduce it and fix it.',
      zh: '请一步步告诉我们出了什么问题，以便我们复现并修复。',
    },
    button: { en: 'Send report', zh: '提交报告' },
  },
  {
    kind: 'order',
    specific: true,
    title: { en: 'Order form', zh: '订单' },
    what: 'an order form',
    pattern:
      /\border(?:ing)? forms?\b|\bpre-?orders?\b|\bplace (?:an )?orders?\b|\btake orders\b|订单|订购|下单|点单|预订单/iu,
    fields: ['name', 'email', 'phone', 'order_details', 'quantity', 'delivery_method', 'date', 'address'],
    requires: ['name', 'phone', 'order_details'],
    description: {
      en: 'Tell us what you would like to order and how to reach you.',
      zh: '请告诉我们你想订购的内容和联系方式。',
    },
    button: { en: 'Place order', zh: '提交订单' },
  },
  {
    kind: 'booking',
    specific: true,
    title: { en: 'Booking form', zh: '预约表' },
    what: 'a booking form',
    pattern: /\bbookings?\b|\breservations?\b|\bappointments?\b|\bbook (?:a|an) \w+|预约|预订|订位|挂号/iu,
    fields: ['name', 'email', 'phone', 'service', 'date', 'time', 'comments'],
    requires: ['name', 'phone', 'date'],
    description: {
      en: 'Tell us when you would like to come; we will confirm your booking.',
      zh: '请告诉我们你希望的时间，我们会与你确认预约。',
    },
    button: { en: 'Request booking', zh: '提交预约' },
  },
  {
    kind: 'registration',
    specific: false,
    title: { en: 'Registration form', zh: '报名表' },
    what: 'a registration form',
    pattern:
      /\bregistrations?\b|\bregister\b|\bsign[- ]?ups?\b|\benrol(?:l)?(?:ment)?s?\b|\bcheck-in form\b|报名|登记|注册|签到/iu,
    fields: ['name', 'email', 'phone', 'organisation', 'dietary_needs', 'comments'],
    requires: ['name', 'email'],
    description: { en: 'Fill in your details to register.', zh: '请填写以下信息完成报名。' },
    button: { en: 'Register', zh: '提交报名' },
  },
  {
    kind: 'feedback',
    specific: false,
    title: { en: 'Feedback form', zh: '意见反馈表' },
    what: 'a feedback form',
    pattern: /\bfeedback\b|\bcomments? form\b|\bsuggestions? (?:box|form)\b|意见|反馈|建议/iu,
    fields: ['rating', 'liked', 'suggestions', 'name', 'email'],
    requires: [],
    description: {
      en: 'Tell us what you think: every answer helps us improve.',
      zh: '欢迎告诉我们你的想法，每一条意见都会帮助我们改进。',
    },
    button: { en: 'Send feedback', zh: '提交反馈' },
  },
  {
    kind: 'survey',
    specific: false,
    title: { en: 'Survey', zh: '调查问卷' },
    what: 'a survey without scoring',
    // A survey counts as plain when it says what to ask; "a wellbeing survey" is an assessment.
    pattern:
      /\b(?:survey|questionnaire|poll|form)\b.*\b(?:asking|asks|ask (?:\w+ )?(?:which|what|how|whether|if|where|when|why|who)|to find out|to learn)\b|(?:问卷|调查|表).*(?:询问|了解一下|想知道|问问|问大家|问用户)/iu,
    fields: ['rating', 'liked', 'suggestions', 'referral'],
    requires: [],
    description: { en: 'A few questions; it takes a minute or two.', zh: '几个简单的问题，只需一两分钟。' },
    button: { en: 'Send answers', zh: '提交' },
  },
  {
    kind: 'form',
    specific: false,
    title: { en: 'Form', zh: '表单' },
    what: 'a form for the fields listed',
    pattern: null,
    fields: ['name', 'email', 'message'],
    requires: ['name', 'email'],
    description: { en: 'Please fill in the form below.', zh: '请填写以下表单。' },
    button: { en: 'Send', zh: '提交' },
  },
]

/** The kind named `kind`. */
export const plainFormKind = (kind: PlainFormKindName): PlainFormKind => PLAIN_FORMS.find((k) => k.kind === kind)!
