/**
 * @module Hand-written item banks for common workplace constructs, in the three item
 * families (statements to agree with, experiences to count, things to be satisfied with).
 * Original wording in the spirit of open engagement and work-design questionnaires.
 * Scores read "more of the construct as named": a high workload score is a heavy load.
 * Wording only, read top to bottom (a table of data).
 */
import type { DimensionTemplate } from './types.ts'

export const RECOGNITION: DimensionTemplate = {
  key: 'recognition',
  name: { en: 'Recognition', zh: '认可' },
  aliases: [
    'recognition',
    'appreciation',
    'acknowledgement',
    'acknowledgment',
    'praise',
    'reward',
    'rewards',
    '认可',
    '认同感',
    '赏识',
    '表扬',
    '肯定',
    '激励',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'When I do good work, someone notices.', zh: '当我把工作做好时，会有人注意到。' },
    { en: 'In the last month I have been thanked for my contribution.', zh: '最近一个月，有人为我的贡献向我道谢。' },
    { en: 'My efforts are valued in this organisation.', zh: '在这个单位，我的付出是被重视的。' },
    { en: 'Credit for my work often goes to someone else.', zh: '我的工作成果常常被记在别人名下。', reverse: true },
    { en: 'The way people are rewarded here feels fair to me.', zh: '我觉得这里的奖励方式是公平的。' },
  ],
  frequency: [
    {
      en: 'In the past month, how often has someone praised your work?',
      zh: '过去一个月里，有人称赞你工作的频率如何？',
    },
    { en: 'How often does your manager acknowledge a job well done?', zh: '你的上级肯定你出色完成工作的频率如何？' },
    { en: 'How often does your effort go unnoticed?', zh: '你觉得自己的付出无人注意的情况有多频繁？', reverse: true },
    {
      en: 'When a project succeeds, how often is your part in it mentioned?',
      zh: '项目成功时，你在其中的贡献被提及的频率如何？',
    },
  ],
  satisfaction: [
    { en: 'How satisfied are you with the recognition you get for your work?', zh: '你对自己工作所获得的认可满意吗？' },
    {
      en: 'Thinking about how good work is rewarded here, how satisfied are you?',
      zh: '你对这里奖励优秀工作的方式满意吗？',
    },
    {
      en: 'Thinking about the feedback from your manager, how satisfied are you with the appreciation it shows?',
      zh: '就上级的反馈而言，你对其中体现的赏识满意吗？',
    },
  ],
}

export const GROWTH: DimensionTemplate = {
  key: 'growth',
  name: { en: 'Growth', zh: '成长' },
  aliases: [
    'growth',
    'development',
    'career growth',
    'career development',
    'learning and development',
    'personal growth',
    'progression',
    'promotion',
    'career',
    '成长',
    '发展',
    '职业发展',
    '晋升',
    '个人成长',
    '培训',
  ],
  polarity: 'higher-better',
  items: [
    {
      en: 'I am learning things in my job that will matter for my future.',
      zh: '我在工作中学到的东西对我的将来有用。',
    },
    { en: 'Someone here encourages my development.', zh: '这里有人鼓励我的成长。' },
    { en: 'I can see a realistic next step for my career here.', zh: '我能在这里看到切实可行的下一步职业发展。' },
    {
      en: 'My work has become routine and teaches me little.',
      zh: '我的工作已变得机械重复，很少能学到新东西。',
      reverse: true,
    },
    { en: 'I get the training I need to do my job well.', zh: '我能得到把工作做好所需的培训。' },
  ],
  frequency: [
    { en: 'How often do you take on tasks that stretch your abilities?', zh: '你承担能拓展自身能力的任务的频率如何？' },
    {
      en: 'In the past three months, how often have you talked with someone about your development?',
      zh: '过去三个月里，你与他人谈论自己职业发展的频率如何？',
    },
    { en: 'How often do you learn a new skill or method at work?', zh: '你在工作中学习新技能或新方法的频率如何？' },
    {
      en: 'How often do you feel stuck in your role?',
      zh: '你觉得自己在岗位上停滞不前的情况有多频繁？',
      reverse: true,
    },
  ],
  satisfaction: [
    {
      en: 'Thinking about your opportunities to learn and grow, how satisfied are you?',
      zh: '你对自己学习和成长的机会满意吗？',
    },
    { en: 'How happy are you with the training you have received this year?', zh: '你对今年接受的培训满意吗？' },
    { en: 'Looking at your career prospects here, how satisfied are you?', zh: '就你在这里的职业前景而言，你满意吗？' },
  ],
}

export const WORKLOAD: DimensionTemplate = {
  key: 'workload',
  name: { en: 'Workload', zh: '工作量' },
  aliases: [
    'workload',
    'work load',
    'work pressure',
    'job demands',
    'demands',
    'overload',
    'time pressure',
    'work overload',
    '工作量',
    '工作负荷',
    '工作压力',
    '负荷',
    '任务量',
    '工作强度',
  ],
  polarity: 'higher-worse',
  items: [
    { en: 'I have more work than I can do well in my normal hours.', zh: '我的工作多到无法在正常工作时间内做好。' },
    { en: 'I regularly work late or at weekends to keep up.', zh: '为了跟上进度，我经常加班或周末工作。' },
    { en: 'My workload is manageable.', zh: '我的工作量在可控范围内。', reverse: true },
    { en: 'Deadlines here are often unrealistic.', zh: '这里的截止期限常常不切实际。' },
    { en: 'I have time to do my work carefully.', zh: '我有时间把工作做得细致。', reverse: true },
  ],
  frequency: [
    {
      en: 'To get everything done, how often do you have to work very fast?',
      zh: '你需要非常赶才能完成所有工作的情况有多频繁？',
    },
    {
      en: 'In a typical week, how often do you work beyond your contracted hours?',
      zh: '在通常的一周里，你超出约定工时工作的频率如何？',
    },
    {
      en: 'At the end of the day, how often is work left unfinished?',
      zh: '一天结束时，你不得不留下未完成工作的情况有多频繁？',
    },
    {
      en: 'How often does your working day end with everything under control?',
      zh: '你在一天结束时工作尽在掌控之中的频率如何？',
      reverse: true,
    },
  ],
  satisfaction: [
    {
      en: 'Thinking about the amount of work you are asked to do, how satisfied are you?',
      zh: '你对自己被要求完成的工作量满意吗？',
      reverse: true,
    },
    { en: 'How content are you with the pace of work in your team?', zh: '你对团队的工作节奏满意吗？', reverse: true },
    {
      en: 'Thinking about your deadlines, how satisfied are you with the time you are given?',
      zh: '就截止期限而言，你对给你的时间满意吗？',
      reverse: true,
    },
  ],
}

export const AUTONOMY: DimensionTemplate = {
  key: 'autonomy',
  name: { en: 'Autonomy', zh: '自主性' },
  aliases: [
    'autonomy',
    'independence',
    'control',
    'job control',
    'freedom',
    'discretion',
    'empowerment',
    'flexibility',
    '自主',
    '自主性',
    '自主权',
    '独立性',
    '工作自主',
    '灵活性',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I can decide how to go about my work.', zh: '我可以决定如何开展自己的工作。' },
    { en: 'I have a say in which tasks I work on.', zh: '我对自己做哪些任务有发言权。' },
    { en: 'I can plan my own day.', zh: '我可以自己安排一天的工作。' },
    { en: 'I need approval for even small decisions.', zh: '即使是小决定，我也需要得到批准。', reverse: true },
  ],
  frequency: [
    {
      en: 'How often can you choose the order in which you do your tasks?',
      zh: '你能自行决定任务先后顺序的频率如何？',
    },
    { en: 'How often are you trusted to solve problems your own way?', zh: '你被信任以自己的方式解决问题的频率如何？' },
    {
      en: 'How frequently must you wait for permission before you can act?',
      zh: '你必须等待批准才能行动的情况有多频繁？',
      reverse: true,
    },
    { en: 'How often can you adjust your hours when you need to?', zh: '需要时，你能调整自己工作时间的频率如何？' },
  ],
  satisfaction: [
    {
      en: 'How satisfied are you with the freedom you have to decide how you work?',
      zh: '你对自己决定工作方式的自由度满意吗？',
    },
    { en: 'How happy are you with your say over your own schedule?', zh: '你对自己安排日程的话语权满意吗？' },
    {
      en: 'Overall, how content are you with the trust you are given to make decisions?',
      zh: '总体而言，你对自己在决策上获得的信任满意吗？',
    },
  ],
}

export const TEAM: DimensionTemplate = {
  key: 'team',
  name: { en: 'Team', zh: '团队' },
  aliases: [
    'team',
    'teamwork',
    'team climate',
    'colleagues',
    'coworkers',
    'co-workers',
    'peers',
    'team relationships',
    'relationships with colleagues',
    'belonging',
    '团队',
    '同事',
    '同事关系',
    '团队氛围',
    '人际关系',
    '团队关系',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'People in my team help each other out.', zh: '我们团队的成员会互相帮助。' },
    { en: 'I can count on my colleagues when things get difficult.', zh: '遇到困难时，我可以依靠同事。' },
    { en: 'It is safe to admit a mistake in this team.', zh: '在这个团队里，承认错误是安全的。' },
    {
      en: 'There is tension between people in my team that gets in the way of work.',
      zh: '团队成员之间的矛盾妨碍了工作。',
      reverse: true,
    },
  ],
  frequency: [
    {
      en: 'How often do your colleagues offer help without being asked?',
      zh: '同事在你开口前就主动提供帮助的频率如何？',
    },
    { en: 'How often do people in your team share what they know?', zh: '团队成员分享自己所知的频率如何？' },
    {
      en: 'How often do disagreements in your team turn personal?',
      zh: '团队中的分歧演变成人身冲突的情况有多频繁？',
      reverse: true,
    },
    { en: 'How often do you feel part of the team?', zh: '你感到自己是团队一员的频率如何？' },
  ],
  satisfaction: [
    { en: 'Overall, how satisfied are you with the way your team works together?', zh: '你对团队的合作方式满意吗？' },
    {
      en: 'All in all, how satisfied are you with your relationships with colleagues?',
      zh: '你对自己与同事之间的关系满意吗？',
    },
    {
      en: 'When you need help from a colleague, how satisfied are you with the support you get?',
      zh: '需要同事帮忙时，你对得到的支持满意吗？',
    },
  ],
}

export const MANAGER_SUPPORT: DimensionTemplate = {
  key: 'manager_support',
  name: { en: 'Manager support', zh: '上级支持' },
  aliases: [
    'manager support',
    'manager',
    'management',
    'leadership',
    'supervisor',
    'supervisor support',
    'line manager',
    'supervision',
    'my manager',
    '上级支持',
    '领导',
    '上级',
    '管理者',
    '领导支持',
    '主管',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'My manager makes time for me when I need it.', zh: '需要时，我的上级会抽出时间给我。' },
    { en: 'My manager gives me feedback that helps me improve.', zh: '上级给我的反馈能帮助我进步。' },
    {
      en: 'I can raise a problem with my manager without worrying about the consequences.',
      zh: '我可以向上级提出问题，而不必担心后果。',
    },
    { en: 'My manager keeps me informed about what is going on.', zh: '上级会让我及时了解正在发生的事情。' },
    {
      en: 'My manager is hard to reach when I need a decision.',
      zh: '需要上级做决定时，我很难找到他/她。',
      reverse: true,
    },
  ],
  frequency: [
    { en: 'How often does your manager check in on how you are doing?', zh: '你的上级关心你近况的频率如何？' },
    {
      en: 'In the past month, how often did you get useful feedback from your manager?',
      zh: '过去一个月里，你从上级那里得到有用反馈的频率如何？',
    },
    { en: 'How often does your manager back you up when things go wrong?', zh: '出现问题时，上级支持你的频率如何？' },
    {
      en: 'How often are you left without the guidance you need?',
      zh: '你得不到所需指导的情况有多频繁？',
      reverse: true,
    },
  ],
  satisfaction: [
    {
      en: 'To what extent are you satisfied with the support you get from your manager?',
      zh: '你对上级给予的支持满意吗？',
    },
    {
      en: 'How happy are you with your one-to-one conversations with your manager?',
      zh: '你对与上级一对一交流的质量满意吗？',
    },
    {
      en: 'Thinking about the past quarter, how satisfied are you with how your manager has led the team?',
      zh: '回顾过去一个季度，你对上级带领团队的方式满意吗？',
    },
  ],
}

export const WORK_LIFE_BALANCE: DimensionTemplate = {
  key: 'work_life_balance',
  name: { en: 'Work-life balance', zh: '工作与生活平衡' },
  aliases: [
    'work-life balance',
    'work life balance',
    'balance',
    'work/life balance',
    'life balance',
    'wellbeing at work',
    '工作生活平衡',
    '工作与生活平衡',
    '平衡',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I have enough time for my life outside work.', zh: '我有足够的时间过工作之外的生活。' },
    { en: 'I can switch off from work in the evenings.', zh: '晚上我能从工作中抽离出来。' },
    {
      en: 'My job leaves me too tired for my family and friends.',
      zh: '工作让我累得没有精力陪伴家人和朋友。',
      reverse: true,
    },
    { en: 'I can take time off when I need it.', zh: '需要时我可以请假休息。' },
  ],
  frequency: [
    {
      en: 'Outside working hours, how often do you check work messages?',
      zh: '你在工作时间以外查看工作消息的频率如何？',
      reverse: true,
    },
    {
      en: 'How often does work get in the way of plans with family or friends?',
      zh: '工作打乱你与家人或朋友的安排的情况有多频繁？',
      reverse: true,
    },
    {
      en: 'In a typical week, how often do you have an evening that is entirely your own?',
      zh: '在通常的一周里，你有完全属于自己的晚上的频率如何？',
    },
    { en: 'During the working day, how often do you take a proper break?', zh: '你在工作日中好好休息的频率如何？' },
  ],
  satisfaction: [
    {
      en: 'How satisfied are you with the balance between your work and the rest of your life?',
      zh: '你对工作与生活其他方面之间的平衡满意吗？',
    },
    {
      en: 'How happy are you with the flexibility you have to fit work around your life?',
      zh: '你对工作安排配合个人生活的灵活性满意吗？',
    },
    {
      en: 'Overall, how content are you with the time you have for yourself?',
      zh: '总体而言，你对自己拥有的个人时间满意吗？',
    },
  ],
}

export const PAY: DimensionTemplate = {
  key: 'pay',
  name: { en: 'Pay and benefits', zh: '薪酬福利' },
  aliases: [
    'pay',
    'salary',
    'compensation',
    'benefits',
    'pay and benefits',
    'remuneration',
    'wages',
    '薪酬',
    '薪资',
    '工资',
    '福利',
    '薪酬福利',
    '待遇',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I am paid fairly for the work I do.', zh: '就我所做的工作而言，我的薪酬是公平的。' },
    { en: 'My pay compares well with similar jobs elsewhere.', zh: '与其他单位的类似岗位相比，我的薪酬不错。' },
    { en: 'I understand how my pay is decided.', zh: '我清楚自己的薪酬是如何确定的。' },
    { en: 'The benefits here do not meet my needs.', zh: '这里的福利满足不了我的需要。', reverse: true },
  ],
  frequency: [
    {
      en: 'How often do you worry that your pay does not cover your living costs?',
      zh: '你担心薪酬不足以支付生活开销的频率如何？',
      reverse: true,
    },
    {
      en: 'How often do you compare your pay unfavourably with others doing similar work?',
      zh: '你觉得自己的薪酬不如做类似工作的人的情况有多频繁？',
      reverse: true,
    },
    { en: 'How often do you make use of the benefits on offer?', zh: '你使用单位所提供福利的频率如何？' },
  ],
  satisfaction: [
    { en: 'How satisfied are you with your pay?', zh: '你对自己的薪酬满意吗？' },
    { en: 'Turning to benefits, how satisfied are you with what you receive?', zh: '你对自己享有的福利满意吗？' },
    {
      en: 'Compared with your responsibilities, how content are you with what you earn?',
      zh: '与你承担的责任相比，你对薪酬的公平程度满意吗？',
    },
    {
      en: 'Thinking about how pay rises are decided here, how satisfied are you?',
      zh: '你对这里决定加薪的方式满意吗？',
    },
  ],
}

/** Workplace constructs, in the order lookups try them. */
export const WORK_CONSTRUCTS: readonly DimensionTemplate[] = [
  RECOGNITION,
  GROWTH,
  WORKLOAD,
  AUTONOMY,
  TEAM,
  MANAGER_SUPPORT,
  WORK_LIFE_BALANCE,
  PAY,
]
