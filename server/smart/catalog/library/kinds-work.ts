/**
 * @module Item templates for engagement, satisfaction (with NPS), skills self-assessment
 * and personality-style traits. Original, short, first-person wording; some items are
 * worded the other way round and reverse-scored.
 * Wording only, read top to bottom (a table of data).
 */
import type { KindTemplate } from './types.ts'

export const ENGAGEMENT: KindTemplate = {
  kind: 'engagement',
  title: { en: 'Engagement survey', zh: '敬业度调查' },
  keywords: [
    'engagement',
    'engaged',
    'motivation',
    'commitment',
    'enthusiasm',
    '敬业',
    '投入',
    '敬业度',
    '工作投入',
    '积极性',
  ],
  polarity: 'higher-better',
  answerScale: { kind: 'likert', points: 5, anchors: 'agreement' },
  itemsFit: ['agreement', 'frequency'],
  intro: {
    en: 'This report shows how energised, committed and absorbed you feel in your work.',
    zh: '本报告展示了你在工作中的活力、奉献和专注程度。',
  },
  dimensions: [
    {
      key: 'vigor',
      name: { en: 'Vigour', zh: '活力' },
      aliases: ['vigor', 'vigour', 'energy', 'drive', '活力', '干劲'],
      items: [
        { en: 'At work, I feel bursting with energy.', zh: '工作时，我感到精力充沛。' },
        { en: 'When I get up in the morning, I look forward to going to work.', zh: '早上起床时，我期待去工作。' },
        { en: 'I keep going even when work does not go well.', zh: '即使工作不顺利，我也会坚持下去。' },
        { en: 'I often feel sluggish at work.', zh: '我在工作中常常感到无精打采。', reverse: true },
      ],
    },
    {
      key: 'dedication',
      name: { en: 'Dedication', zh: '奉献' },
      aliases: ['dedication', 'commitment', 'pride', 'meaning', '奉献', '认同', '自豪感', '使命感'],
      items: [
        { en: 'I am proud of the work that I do.', zh: '我为自己所做的工作感到自豪。' },
        { en: 'My work inspires me.', zh: '我的工作能激励我。' },
        { en: 'I find the work I do full of meaning and purpose.', zh: '我觉得自己的工作充满意义和目标。' },
        {
          en: 'I would leave this job if I had a reasonable alternative.',
          zh: '如果有合适的选择，我会离开这份工作。',
          reverse: true,
        },
      ],
    },
    {
      key: 'absorption',
      name: { en: 'Absorption', zh: '专注' },
      aliases: ['absorption', 'focus', 'flow', 'concentration', '专注', '沉浸', '投入度'],
      items: [
        { en: 'Time flies when I am working.', zh: '工作时我感觉时间过得飞快。' },
        { en: 'I get carried away when I am working.', zh: '工作时我会全身心投入其中。' },
        { en: 'I find it easy to concentrate on my tasks.', zh: '我很容易专注于自己的任务。' },
        { en: 'My mind often wanders away from my work.', zh: '工作时我经常走神。', reverse: true },
      ],
    },
  ],
}

export const SATISFACTION: KindTemplate = {
  kind: 'satisfaction',
  title: { en: 'Satisfaction survey', zh: '满意度调查' },
  keywords: [
    'satisfaction',
    'satisfied',
    'nps',
    'net promoter',
    'customer',
    'feedback',
    'experience',
    'recommend',
    'usability',
    'user experience',
    'course evaluation',
    '满意',
    '满意度',
    '推荐',
    '客户',
    '反馈',
    '体验',
    '易用性',
    '课程评价',
  ],
  polarity: 'satisfaction',
  answerScale: { kind: 'likert', points: 5, anchors: 'satisfaction' },
  itemsFit: ['agreement'],
  intro: {
    en: 'Thank you for your feedback. This report summarises how satisfied you are.',
    zh: '感谢你的反馈。本报告总结了你的满意程度。',
  },
  dimensions: [
    {
      key: 'overall',
      name: { en: 'Overall satisfaction', zh: '总体满意度' },
      aliases: ['overall', 'overall satisfaction', 'general', '总体', '总体满意度', '整体'],
      items: [
        { en: 'Overall, I am satisfied with my experience.', zh: '总体而言，我对这次体验感到满意。' },
        { en: 'The experience met my expectations.', zh: '这次体验达到了我的预期。' },
        { en: 'I would choose this again next time.', zh: '下次我还会再选择它。' },
        { en: 'I was disappointed by parts of the experience.', zh: '体验中的某些部分让我失望。', reverse: true },
      ],
      satisfaction: [
        { en: 'Overall, how satisfied are you with your experience?', zh: '总体而言，你对这次体验的满意程度如何？' },
        {
          en: 'Compared with what you expected, how pleased were you with the experience?',
          zh: '与预期相比，你对这次体验满意吗？',
        },
        {
          en: 'Thinking about your most recent visit, how satisfied were you?',
          zh: '回想最近一次的经历，你的满意程度如何？',
        },
        {
          en: 'All things considered, how pleased are you that you chose us?',
          zh: '综合来看，你对选择我们感到满意吗？',
        },
      ],
    },
    {
      key: 'quality',
      name: { en: 'Quality', zh: '质量' },
      aliases: ['quality', 'product', 'product quality', 'reliability', '质量', '产品', '产品质量', '可靠性'],
      items: [
        { en: 'The quality was as good as I expected.', zh: '质量和我预期的一样好。' },
        { en: 'Everything worked the way it should.', zh: '一切都按应有的方式运转。' },
        { en: 'I ran into problems that should not have happened.', zh: '我遇到了本不该出现的问题。', reverse: true },
      ],
      satisfaction: [
        {
          en: 'Judging by its quality, how satisfied are you with what you received?',
          zh: '你对所获得产品或服务的质量满意吗？',
        },
        {
          en: 'To what extent were you satisfied with how reliably everything worked?',
          zh: '你对各项功能运行的可靠程度满意吗？',
        },
        {
          en: 'All in all, how happy are you with the standard of what you received?',
          zh: '总的来说，你对所得到的产品或服务的水准满意吗？',
        },
      ],
    },
    {
      key: 'service',
      name: { en: 'Service', zh: '服务' },
      aliases: ['service', 'support', 'customer service', 'staff', 'communication', '服务', '客服', '支持', '工作人员'],
      items: [
        { en: 'The staff were friendly and helpful.', zh: '工作人员友好且乐于助人。' },
        { en: 'My questions were answered quickly.', zh: '我的问题很快得到了解答。' },
        { en: 'I had to wait too long for help.', zh: '我等待帮助的时间太长了。', reverse: true },
      ],
      satisfaction: [
        {
          en: 'Thinking about the staff, how satisfied are you with their friendliness?',
          zh: '你对工作人员的友好程度满意吗？',
        },
        { en: 'How happy were you with how long you had to wait for help?', zh: '你对服务的速度满意吗？' },
        {
          en: 'When you had a question, how satisfied were you with the answer you got?',
          zh: '当你有疑问时，你对得到的解答满意吗？',
        },
        {
          en: 'How satisfied are you with the attention the staff paid to your needs?',
          zh: '你对工作人员关注你需求的程度满意吗？',
        },
      ],
    },
    {
      key: 'value',
      name: { en: 'Value for money', zh: '性价比' },
      aliases: ['value', 'value for money', 'price', 'cost', '性价比', '价格', '价值', '费用'],
      items: [
        { en: 'The price is fair for what I get.', zh: '就我所得到的而言，价格是公道的。' },
        { en: 'I got good value for my money.', zh: '我花的钱物有所值。' },
        { en: 'It costs more than it is worth.', zh: '它的价格高于它的价值。', reverse: true },
      ],
      satisfaction: [
        { en: 'When it comes to price, how satisfied are you?', zh: '你对价格满意吗？' },
        {
          en: 'For what you paid, how satisfied are you with what you got?',
          zh: '就你支付的费用而言，你对所得到的满意吗？',
        },
        {
          en: 'Compared with similar places, how happy are you with what it costs?',
          zh: '与同类商家相比，你对这里的收费满意吗？',
        },
      ],
    },
  ],
}

/** The one question of a Net Promoter Score, asked on a 0–10 scale. */
export const NPS_QUESTION = {
  en: 'How likely are you to recommend us to a friend or colleague?',
  zh: '你有多大可能向朋友或同事推荐我们？',
} as const

export const SKILLS: KindTemplate = {
  kind: 'skills',
  title: { en: 'Skills self-assessment', zh: '能力自评' },
  keywords: [
    'skill',
    'skills',
    'competency',
    'competencies',
    'competence',
    'capability',
    'self-assessment',
    'proficiency',
    '能力',
    '技能',
    '胜任力',
    '自评',
    '素养',
  ],
  polarity: 'higher-better',
  answerScale: { kind: 'likert', points: 5, anchors: 'agreement' },
  itemsFit: ['agreement', 'frequency'],
  intro: {
    en: 'This report shows where you see your strengths and where you have room to grow.',
    zh: '本报告展示了你眼中自己的优势，以及仍有成长空间的地方。',
  },
  dimensions: [
    {
      key: 'communication',
      name: { en: 'Communication', zh: '沟通' },
      aliases: [
        'communication',
        'communicating',
        'presentation',
        'writing',
        'listening',
        '沟通',
        '表达',
        '沟通能力',
        '表达能力',
      ],
      items: [
        { en: 'I explain complex ideas in a way others understand.', zh: '我能用别人听得懂的方式解释复杂的想法。' },
        { en: 'I listen carefully before I respond.', zh: '我会认真倾听后再回应。' },
        { en: 'I adapt my message to the audience I am speaking to.', zh: '我会根据听众调整自己的表达方式。' },
        { en: 'People often misunderstand what I mean.', zh: '别人经常误解我的意思。', reverse: true },
      ],
    },
    {
      key: 'collaboration',
      name: { en: 'Collaboration', zh: '协作' },
      aliases: ['collaboration', 'teamwork', 'team work', 'cooperation', '协作', '团队合作', '合作', '团队协作'],
      items: [
        { en: 'I share information that helps my team do its work.', zh: '我会分享有助于团队工作的信息。' },
        { en: 'I work well with people whose views differ from mine.', zh: '我能和观点与我不同的人良好合作。' },
        { en: 'I ask for help when I need it.', zh: '需要时我会主动寻求帮助。' },
        {
          en: 'I prefer to do things alone rather than coordinate with others.',
          zh: '我宁愿独自做事，也不愿与他人协调。',
          reverse: true,
        },
      ],
    },
    {
      key: 'problem_solving',
      name: { en: 'Problem solving', zh: '解决问题' },
      aliases: [
        'problem solving',
        'problem-solving',
        'critical thinking',
        'analysis',
        'analytical thinking',
        'decision making',
        '解决问题',
        '问题解决',
        '批判性思维',
        '分析能力',
        '决策',
      ],
      items: [
        { en: 'I break a difficult problem into smaller parts.', zh: '我会把困难的问题拆分成更小的部分。' },
        { en: 'I look for evidence before I decide.', zh: '做决定前我会寻找依据。' },
        { en: 'I consider several solutions before choosing one.', zh: '在选择方案之前，我会考虑多种解决办法。' },
        {
          en: 'I get stuck when a problem has no obvious answer.',
          zh: '当问题没有明显答案时，我就会卡住。',
          reverse: true,
        },
      ],
    },
    {
      key: 'planning',
      name: { en: 'Planning and organisation', zh: '计划与组织' },
      aliases: [
        'planning',
        'organisation',
        'organization',
        'time management',
        'prioritisation',
        'prioritization',
        '计划',
        '组织',
        '时间管理',
        '计划与组织',
        '统筹',
      ],
      items: [
        { en: 'I plan my work so that I meet my deadlines.', zh: '我会规划工作，以按时完成任务。' },
        { en: 'I know which of my tasks matter most.', zh: '我清楚自己的哪些任务最重要。' },
        { en: 'I keep track of what I have promised to others.', zh: '我会记住自己对别人做出的承诺。' },
        { en: 'I often leave things until the last minute.', zh: '我经常把事情拖到最后一刻。', reverse: true },
      ],
    },
    {
      key: 'learning',
      name: { en: 'Learning agility', zh: '学习能力' },
      aliases: [
        'learning',
        'learning agility',
        'adaptability',
        'growth',
        'curiosity',
        '学习',
        '学习能力',
        '适应能力',
        '适应性',
        '求知欲',
      ],
      items: [
        { en: 'I pick up new tools and methods quickly.', zh: '我能很快掌握新的工具和方法。' },
        { en: 'I ask for feedback so that I can improve.', zh: '我会主动寻求反馈以求改进。' },
        { en: 'I learn from my mistakes.', zh: '我能从错误中吸取教训。' },
        { en: 'I avoid tasks I do not already know how to do.', zh: '我会回避自己还不会做的任务。', reverse: true },
      ],
    },
  ],
}

export const PERSONALITY: KindTemplate = {
  kind: 'personality',
  title: { en: 'Personality style profile', zh: '性格风格测评' },
  keywords: [
    'personality',
    'trait',
    'traits',
    'big five',
    'character',
    'temperament',
    'style',
    '性格',
    '人格',
    '个性',
    '特质',
    '大五',
  ],
  polarity: 'neutral',
  answerScale: { kind: 'likert', points: 5, anchors: 'agreement' },
  itemsFit: ['agreement', 'frequency'],
  intro: {
    en: 'This profile describes your preferred style. There are no good or bad results: each style has its strengths.',
    zh: '本测评描述了你偏好的风格。结果没有好坏之分：每种风格都有其优势。',
  },
  dimensions: [
    {
      key: 'extraversion',
      name: { en: 'Extraversion', zh: '外向性' },
      aliases: ['extraversion', 'extroversion', 'sociability', 'introversion', '外向', '外向性', '内向', '社交性'],
      items: [
        {
          en: 'I feel energised after spending time with a group of people.',
          zh: '和一群人相处后，我会感到精力充沛。',
        },
        { en: 'I start conversations with people I do not know.', zh: '我会主动和陌生人攀谈。' },
        { en: 'I enjoy being the centre of attention.', zh: '我喜欢成为众人关注的焦点。' },
        {
          en: 'I prefer a quiet evening alone to a party.',
          zh: '比起参加聚会，我更喜欢独自度过安静的夜晚。',
          reverse: true,
        },
      ],
    },
    {
      key: 'agreeableness',
      name: { en: 'Agreeableness', zh: '宜人性' },
      aliases: ['agreeableness', 'warmth', 'kindness', 'empathy', '宜人', '宜人性', '亲和力', '同理心'],
      items: [
        { en: 'I take time to understand how others feel.', zh: '我会花时间去理解别人的感受。' },
        { en: 'I trust people until they give me a reason not to.', zh: '除非有理由，否则我会信任别人。' },
        { en: 'I go out of my way to help others.', zh: '我会尽力去帮助别人。' },
        { en: 'I can be blunt even when it hurts someone.', zh: '即使会伤害别人，我说话也可能很直接。', reverse: true },
      ],
    },
    {
      key: 'conscientiousness',
      name: { en: 'Conscientiousness', zh: '尽责性' },
      aliases: [
        'conscientiousness',
        'discipline',
        'diligence',
        'orderliness',
        'reliability',
        '尽责',
        '尽责性',
        '自律',
        '严谨',
      ],
      items: [
        { en: 'I finish what I start.', zh: '我做事有始有终。' },
        { en: 'I like to keep my things in order.', zh: '我喜欢把东西整理得井井有条。' },
        { en: 'I pay attention to details.', zh: '我注重细节。' },
        {
          en: 'I often act on impulse without thinking it through.',
          zh: '我常常凭一时冲动行事，考虑不周。',
          reverse: true,
        },
      ],
    },
    {
      key: 'stability',
      name: { en: 'Emotional stability', zh: '情绪稳定性' },
      aliases: [
        'emotional stability',
        'stability',
        'neuroticism',
        'composure',
        'resilience',
        '情绪稳定',
        '情绪稳定性',
        '神经质',
        '韧性',
        '抗压',
      ],
      items: [
        { en: 'I stay calm under pressure.', zh: '我在压力下能保持冷静。' },
        { en: 'I recover quickly from setbacks.', zh: '我能很快从挫折中恢复过来。' },
        { en: 'I rarely feel anxious about the future.', zh: '我很少为未来感到焦虑。' },
        { en: 'My mood changes often and quickly.', zh: '我的情绪经常快速变化。', reverse: true },
      ],
    },
    {
      key: 'openness',
      name: { en: 'Openness', zh: '开放性' },
      aliases: [
        'openness',
        'openness to experience',
        'curiosity',
        'creativity',
        'imagination',
        '开放',
        '开放性',
        '好奇心',
        '创造力',
        '想象力',
      ],
      items: [
        { en: 'I enjoy trying things I have never done before.', zh: '我喜欢尝试从未做过的事情。' },
        { en: 'I am curious about many different things.', zh: '我对很多不同的事物都充满好奇。' },
        { en: 'I enjoy thinking about abstract ideas.', zh: '我喜欢思考抽象的想法。' },
        {
          en: 'I prefer familiar routines to new experiences.',
          zh: '比起新的体验，我更喜欢熟悉的常规。',
          reverse: true,
        },
      ],
    },
  ],
}
