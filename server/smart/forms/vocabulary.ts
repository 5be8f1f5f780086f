/**
 * @module The fields people name when they ask for a plain form ("name, email and message",
 * "姓名、手机号、参加人数"), each with the key, type, labels and options a form builder would
 * give it. Phrases are matched whole, after the words around them are trimmed (phrases.ts),
 * so "email" and "your e-mail address" find the same field and "email marketing" finds none.
 */
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { Bilingual } from '../catalog/library/types.ts'

export interface FieldWord {
  /** The field's name (its key in records). */
  key: string
  type: FieldType
  label: Bilingual
  options?: { en: string[]; zh: string[] }
  /** The whole English phrase, lower case. */
  en: RegExp
  /** The whole Chinese phrase. */
  zh: RegExp
}

/** Options for "how often …" questions. */
export const FREQUENCY_OPTIONS = {
  en: ['Every day', 'Every week', 'Every month', 'A few times a year', 'Rarely or never'],
  zh: ['每天', '每周', '每月', '一年几次', '很少或从不'],
}

/** Options for "how likely …" questions. */
export const LIKELIHOOD_OPTIONS = {
  en: ['Very likely', 'Likely', 'Not sure', 'Unlikely', 'Very unlikely'],
  zh: ['很可能', '可能', '不确定', '不太可能', '很不可能'],
}

const SUBJECT = '(?:you|they|people|customers|users|visitors|guests|attendees)'

export const FIELD_WORDS: readonly FieldWord[] = [
  {
    key: 'name',
    type: 'text',
    label: { en: 'Name', zh: '姓名' },
    en: /^(?:full )?names?$|^name and surname$/,
    zh: /^(?:姓名|名字|称呼|全名)$/,
  },
  {
    key: 'first_name',
    type: 'text',
    label: { en: 'First name', zh: '名' },
    en: /^(?:first|given) names?$/,
    zh: /^名$/,
  },
  {
    key: 'last_name',
    type: 'text',
    label: { en: 'Last name', zh: '姓' },
    en: /^(?:last|family) names?$|^surnames?$/,
    zh: /^姓$/,
  },
  {
    key: 'email',
    type: 'email',
    label: { en: 'Email address', zh: '电子邮箱' },
    en: /^e-?mails?(?: address(?:es)?)?$/,
    zh: /^(?:邮箱|电子邮箱|邮箱地址|电子邮件|邮件地址|电邮|e-?mail)$/,
  },
  {
    key: 'phone',
    type: 'text',
    label: { en: 'Phone number', zh: '手机号码' },
    en: /^(?:(?:tele)?phone|mobile|cell ?phone|contact)(?: numbers?)?$|^tel$/,
    zh: /^(?:手机|手机号|手机号码|电话|电话号码|联系电话|联系方式)$/,
  },
  {
    key: 'message',
    type: 'longtext',
    label: { en: 'Message', zh: '留言' },
    en: /^(?:message|enquiry|inquiry|question|questions|request)$/,
    zh: /^(?:留言|消息|咨询内容|咨询|问题|留言内容)$/,
  },
  {
    key: 'subject',
    type: 'text',
    label: { en: 'Subject', zh: '主题' },
    en: /^(?:subject|topic|regarding)$/,
    zh: /^(?:主题|标题|事由)$/,
  },
  {
    key: 'organisation',
    type: 'text',
    label: { en: 'Company or organisation', zh: '单位或公司' },
    en: /^(?:company|organi[sz]ation|employer|business|school|institution|affiliation)(?: name)?$/,
    zh: /^(?:单位|公司|学校|机构|工作单位|所在单位)$/,
  },
  {
    key: 'position',
    type: 'text',
    label: { en: 'Position', zh: '应聘职位' },
    en: /^(?:position|role|job title|job|position applied for)$/,
    zh: /^(?:职位|应聘职位|岗位|应聘岗位)$/,
  },
  {
    key: 'address',
    type: 'longtext',
    label: { en: 'Address', zh: '地址' },
    en: /^(?:(?:postal|delivery|shipping|home|street|billing) )?address$/,
    zh: /^(?:地址|配送地址|收货地址|送货地址|家庭住址|通讯地址)$/,
  },
  {
    key: 'birth_date',
    type: 'date',
    label: { en: 'Date of birth', zh: '出生日期' },
    en: /^(?:date of birth|birthday|birth ?date|dob)$/,
    zh: /^(?:出生日期|生日)$/,
  },
  {
    key: 'start_date',
    type: 'date',
    label: { en: 'Earliest start date', zh: '最早到岗日期' },
    en: /^(?:(?:earliest )?start date|available from|when (?:you|they) can start)$/,
    zh: /^(?:到岗日期|最早到岗日期|入职日期|可入职时间)$/,
  },
  {
    key: 'date',
    type: 'date',
    label: { en: 'Date', zh: '日期' },
    en: /^(?:(?:preferred|pickup|pick-up|delivery|event|appointment|arrival|departure|visit|booking) )?date$/,
    zh: /^(?:日期|取货日期|配送日期|预约日期|到店日期|到达日期|活动日期)$/,
  },
  {
    key: 'time',
    type: 'text',
    label: { en: 'Preferred time', zh: '时间' },
    en: /^(?:(?:preferred|pickup|pick-up|arrival|appointment) )?time(?: slot)?$/,
    zh: /^(?:时间|时段|预约时间|到店时间|取货时间)$/,
  },
  {
    key: 'age',
    type: 'number',
    label: { en: 'Age', zh: '年龄' },
    en: /^age$/,
    zh: /^年龄$/,
  },
  {
    key: 'gender',
    type: 'choice',
    label: { en: 'Gender', zh: '性别' },
    options: { en: ['Woman', 'Man', 'Another gender', 'Prefer not to say'], zh: ['女', '男', '其他', '不愿透露'] },
    en: /^(?:gender|sex)$/,
    zh: /^性别$/,
  },
  {
    key: 'guests',
    type: 'number',
    label: { en: 'Number of guests', zh: '参加人数' },
    en: /^(?:number of (?:guests|people|attendees|tickets|seats)|guests|party size|group size|headcount|tickets|seats|plus ones?)$/,
    zh: /^(?:人数|参加人数|同行人数|来宾人数|出席人数|几位)$/,
  },
  {
    key: 'quantity',
    type: 'number',
    label: { en: 'Quantity', zh: '数量' },
    en: /^(?:quantity|qty|amount|how many)$/,
    zh: /^(?:数量|份数|件数|订购数量)$/,
  },
  {
    key: 'attending',
    type: 'boolean',
    label: { en: 'Will you attend?', zh: '是否出席？' },
    en: /^(?:attending|attendance|attend|coming|will (?:you|they) (?:attend|come)|(?:are you|can you) (?:coming|come)|can attend)$/,
    zh: /^(?:是否出席|是否参加|出席|参加与否|能否参加|能否出席|是否到场)$/,
  },
  {
    key: 'dietary_needs',
    type: 'longtext',
    label: { en: 'Dietary needs or allergies', zh: '饮食要求或过敏' },
    en: /^(?:dietary (?:needs|requirements|restrictions|preferences)|diet|(?:food )?allergies|special diet)$/,
    zh: /^(?:饮食要求|饮食需求|忌口|过敏|饮食禁忌|饮食偏好|过敏信息)$/,
  },
  {
    key: 'website',
    type: 'text',
    label: { en: 'Website', zh: '网站' },
    en: /^(?:website|web site|url|homepage|link)$/,
    zh: /^(?:网站|网址|主页|链接)$/,
  },
  {
    key: 'cv_link',
    type: 'text',
    label: { en: 'Link to your CV or portfolio', zh: '简历或作品集链接' },
    en: /^(?:cv|resume|résumé|portfolio)(?: link)?$|^link to (?:your |their )?(?:cv|resume|portfolio)$/,
    zh: /^(?:简历|简历链接|作品集|作品集链接)$/,
  },
  {
    key: 'cover_letter',
    type: 'longtext',
    label: { en: 'Cover letter', zh: '求职信' },
    en: /^(?:cover|motivation) letter$|^motivation$|^why (?:you|they) want (?:this|the) job$/,
    zh: /^(?:求职信|自我介绍|求职动机)$/,
  },
  {
    key: 'experience',
    type: 'longtext',
    label: { en: 'Relevant experience', zh: '相关经历' },
    en: /^(?:(?:relevant |work )?experience)$/,
    zh: /^(?:工作经历|相关经历|经验|工作经验)$/,
  },
  {
    key: 'rating',
    type: 'choice',
    label: { en: 'Overall, how was it?', zh: '总体评价' },
    options: { en: ['Excellent', 'Good', 'Fair', 'Poor'], zh: ['很好', '好', '一般', '差'] },
    en: /^(?:(?:overall )?rating|stars|overall impression|overall)$/,
    zh: /^(?:评价|总体评价|评分|星级|整体印象)$/,
  },
  {
    key: 'liked',
    type: 'longtext',
    label: { en: 'What did you like most?', zh: '你最喜欢哪些方面？' },
    en: /^(?:what (?:you|they|people) liked(?: most)?|what went well|highlights|best part)$/,
    zh: /^(?:喜欢的地方|最喜欢的方面|亮点)$/,
  },
  {
    key: 'suggestions',
    type: 'longtext',
    label: { en: 'What could we do better?', zh: '有哪些可以改进的地方？' },
    en: /^(?:suggestions?(?: for improvement)?|improvements?|ideas|what (?:we )?could (?:do )?better|what to improve|what could be better)$/,
    zh: /^(?:建议|改进建议|意见建议|改进意见|意见)$/,
  },
  {
    key: 'comments',
    type: 'longtext',
    label: { en: 'Comments', zh: '其他意见' },
    en: /^(?:(?:other |additional |any )?comments?|remarks|notes?|anything else|feedback|other)$/,
    zh: /^(?:备注|其他|其他意见|补充说明|反馈|反馈内容)$/,
  },
  {
    key: 'referral',
    type: 'choice',
    label: { en: 'How did you hear about us?', zh: '你是从哪里知道我们的？' },
    options: {
      en: ['Search engine', 'Social media', 'A friend or colleague', 'An advertisement', 'Other'],
      zh: ['搜索引擎', '社交媒体', '朋友或同事推荐', '广告', '其他'],
    },
    en: new RegExp(
      `^(?:how (?:did )?${SUBJECT} (?:hear|heard|learn|learned|learnt|find|found|found out) (?:about|of) us|where ${SUBJECT} (?:hear|heard) (?:about|of) us|referral(?: source)?|source|how ${SUBJECT} found us)$`,
    ),
    zh: /^(?:从哪里知道我们的?|怎么知道我们的?|如何知道我们的?|从哪里得知我们的?|了解渠道|来源|信息来源)$/,
  },
  {
    key: 'severity',
    type: 'choice',
    label: { en: 'Severity', zh: '严重程度' },
    options: { en: ['Low', 'Medium', 'High', 'Critical'], zh: ['低', '中', '高', '严重'] },
    en: /^(?:severity|priority|impact|urgency)$/,
    zh: /^(?:严重程度|优先级|紧急程度|影响程度)$/,
  },
  {
    key: 'summary',
    type: 'text',
    label: { en: 'Summary', zh: '问题概述' },
    en: /^(?:(?:short |one-line )?summary|title|(?:bug|issue) title)$/,
    zh: /^(?:概述|问题概述|简述)$/,
  },
  {
    key: 'description',
    type: 'longtext',
    label: { en: 'What went wrong?', zh: '问题描述' },
    en: /^(?:description|details|what went wrong|(?:problem|bug|issue) description)$/,
    zh: /^(?:问题描述|描述|详情|详细说明|故障描述)$/,
  },
  {
    key: 'steps',
    type: 'longtext',
    label: { en: 'Steps to reproduce', zh: '复现步骤' },
    en: /^(?:steps(?: to reproduce)?|how to reproduce|reproduction steps|what (?:you|they) did)$/,
    zh: /^(?:复现步骤|重现步骤|操作步骤)$/,
  },
  {
    key: 'expected',
    type: 'longtext',
    label: { en: 'What did you expect to happen?', zh: '预期结果' },
    en: /^(?:expected(?: (?:behaviou?r|result|outcome))?|what (?:you|they) expected)$/,
    zh: /^(?:预期结果|预期行为|期望结果)$/,
  },
  {
    key: 'actual',
    type: 'longtext',
    label: { en: 'What happened instead?', zh: '实际结果' },
    en: /^(?:actual(?: (?:behaviou?r|result|outcome))?|what happened(?: instead)?)$/,
    zh: /^(?:实际结果|实际行为|实际情况)$/,
  },
  {
    key: 'browser',
    type: 'text',
    label: { en: 'Browser and version', zh: '浏览器及版本' },
    en: /^browser(?: (?:and )?version)?$/,
    zh: /^(?:浏览器|浏览器版本)$/,
  },
  {
    key: 'device',
    type: 'text',
    label: { en: 'Device and operating system', zh: '设备和操作系统' },
    en: /^(?:device|operating system|os|platform|device and (?:os|operating system))$/,
    zh: /^(?:设备|操作系统|系统|机型)$/,
  },
  {
    key: 'version',
    type: 'text',
    label: { en: 'Version', zh: '版本号' },
    en: /^(?:(?:app |software )?version)$/,
    zh: /^(?:版本|版本号)$/,
  },
  {
    key: 'screenshot_link',
    type: 'text',
    label: { en: 'Link to a screenshot', zh: '截图链接' },
    en: /^(?:screenshots?(?: link)?|link to (?:a )?screenshot|attachment)$/,
    zh: /^(?:截图|截图链接)$/,
  },
  {
    key: 'order_details',
    type: 'longtext',
    label: { en: 'What would you like to order?', zh: '订购内容' },
    en: /^(?:items?|order(?: details| items)?|products?|what (?:you|they) (?:would like to |want to )?order|dishes)$/,
    zh: /^(?:订购内容|商品|菜品|订单内容|购买内容|产品)$/,
  },
  {
    key: 'payment_method',
    type: 'choice',
    label: { en: 'Payment method', zh: '付款方式' },
    options: { en: ['Card', 'Cash', 'Bank transfer'], zh: ['银行卡', '现金', '微信支付', '支付宝'] },
    en: /^(?:payment(?: method)?|how (?:you|they) (?:will |want to )?pay)$/,
    zh: /^(?:付款方式|支付方式)$/,
  },
  {
    key: 'delivery_method',
    type: 'choice',
    label: { en: 'Pickup or delivery', zh: '取货方式' },
    options: { en: ['Pickup', 'Delivery'], zh: ['到店自取', '配送'] },
    en: /^(?:delivery or pick-?up|pick-?up or delivery|delivery method|collection or delivery)$/,
    zh: /^(?:配送方式|取货方式)$/,
  },
  {
    key: 'service',
    type: 'text',
    label: { en: 'Service', zh: '服务项目' },
    en: /^(?:service|treatment|type of service)$/,
    zh: /^(?:服务项目|项目|服务)$/,
  },
  {
    key: 'consent',
    type: 'boolean',
    label: { en: 'I agree to the terms and the privacy policy', zh: '我同意相关条款和隐私政策' },
    en: /^(?:(?:gdpr |privacy |data )?consent|(?:agree(?:ment)? to|accept) (?:the )?(?:terms|privacy policy)|terms)$/,
    zh: /^(?:同意条款|隐私同意|同意隐私政策|知情同意)$/,
  },
  {
    key: 'newsletter',
    type: 'boolean',
    label: { en: 'Send me the newsletter', zh: '订阅我们的通讯' },
    en: /^(?:newsletter(?: opt-?in)?|subscribe to (?:the |our )?newsletter|join (?:the |our )?(?:newsletter|mailing list)|marketing opt-?in)$/,
    zh: /^(?:订阅通讯|订阅邮件|订阅)$/,
  },
  {
    key: 'interests',
    type: 'longtext',
    label: { en: 'What are you interested in?', zh: '你对哪些内容感兴趣？' },
    en: /^(?:interests|topics(?: of interest)?|areas of interest)$/,
    zh: /^(?:兴趣|感兴趣的话题|兴趣方向|感兴趣的内容)$/,
  },
  {
    key: 'country',
    type: 'text',
    label: { en: 'Country', zh: '国家或地区' },
    en: /^(?:country|country or region)$/,
    zh: /^(?:国家|国家或地区|地区)$/,
  },
  {
    key: 'city',
    type: 'text',
    label: { en: 'City', zh: '城市' },
    en: /^(?:city|town|location)$/,
    zh: /^(?:城市|所在城市|所在地)$/,
  },
]

/** The vocabulary entry for a whole cleaned phrase in either language ("email" in a Chinese instruction too), if any. */
export function findFieldWord(phrase: string): FieldWord | undefined {
  const lower = phrase.toLowerCase()
  return FIELD_WORDS.find((word) => word.en.test(lower) || word.zh.test(phrase))
}

/** The vocabulary entry with `key` (the kinds' default fields name them by key). */
export function fieldWordByKey(key: string): FieldWord {
  const word = FIELD_WORDS.find((candidate) => candidate.key === key)
  if (!word) throw new Error(`no field word "${key}"`)
  return word
}
