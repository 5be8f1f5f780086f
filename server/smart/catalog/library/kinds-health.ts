/**
 * @module Item templates for wellbeing, stress and burnout checks. Wording is original,
 * in the spirit of well-known open instruments (WHO-5, PSS, burnout inventories), short
 * and first-person, with some items worded the other way round and reverse-scored.
 * Wording only, read top to bottom (a table of data).
 */
import type { KindTemplate } from './types.ts'

export const WELLBEING: KindTemplate = {
  kind: 'wellbeing',
  title: { en: 'Wellbeing check', zh: '身心健康测评' },
  keywords: [
    'wellbeing',
    'well-being',
    'wellness',
    'well being',
    'mental health',
    'happiness',
    'mood',
    'flourishing',
    '幸福',
    '身心',
    '心理健康',
    '健康状况',
    '情绪状态',
    '幸福感',
  ],
  polarity: 'higher-better',
  answerScale: { kind: 'likert', points: 5, anchors: 'agreement' },
  itemsFit: ['agreement', 'frequency'],
  intro: {
    en: 'This report shows how you have been feeling over the past two weeks.',
    zh: '本报告展示了你过去两周的身心状态。',
  },
  dimensions: [
    {
      key: 'emotional',
      name: { en: 'Emotional wellbeing', zh: '情绪健康' },
      aliases: [
        'emotional',
        'emotional wellbeing',
        'emotions',
        'mood',
        'feelings',
        'positive emotions',
        '情绪',
        '情绪健康',
        '心情',
        '情感',
      ],
      items: [
        { en: 'I have felt cheerful and in good spirits.', zh: '我感到心情愉快、精神饱满。' },
        { en: 'I have felt calm and relaxed.', zh: '我感到平静放松。' },
        { en: 'I have felt low or down for most of the day.', zh: '我一天中大部分时间都情绪低落。', reverse: true },
        { en: 'I have been able to enjoy the things I usually like doing.', zh: '我能享受平时喜欢做的事情。' },
        { en: 'I have worried about things more than I wanted to.', zh: '我担心的事情比我希望的要多。', reverse: true },
      ],
    },
    {
      key: 'vitality',
      name: { en: 'Energy and vitality', zh: '精力与活力' },
      aliases: ['energy', 'vitality', 'physical', 'physical health', 'fatigue', '精力', '活力', '身体', '体力'],
      items: [
        { en: 'I have woken up feeling fresh and rested.', zh: '我醒来时感到神清气爽、休息充分。' },
        { en: 'I have had enough energy for my daily activities.', zh: '我有足够的精力应对日常活动。' },
        {
          en: 'I have felt tired even after a full night of sleep.',
          zh: '即使睡了一整晚，我仍然感到疲惫。',
          reverse: true,
        },
        { en: 'I have been physically active in ways I enjoy.', zh: '我以自己喜欢的方式进行了身体活动。' },
      ],
    },
    {
      key: 'connection',
      name: { en: 'Social connection', zh: '社会联系' },
      aliases: [
        'connection',
        'social',
        'social connection',
        'relationships',
        'belonging',
        'support',
        'social support',
        '社交',
        '人际',
        '人际关系',
        '社会联系',
        '归属感',
        '社会支持',
      ],
      items: [
        { en: 'I have people I can turn to when things get difficult.', zh: '遇到困难时，我有可以求助的人。' },
        { en: 'I have felt close to the people around me.', zh: '我感到与身边的人很亲近。' },
        { en: 'I have felt lonely or left out.', zh: '我感到孤独或被冷落。', reverse: true },
        { en: 'I have spent time with people who make me feel good.', zh: '我与让我感觉良好的人共度了时光。' },
      ],
    },
    {
      key: 'purpose',
      name: { en: 'Meaning and purpose', zh: '意义与目标' },
      aliases: ['purpose', 'meaning', 'meaning and purpose', 'life satisfaction', '意义', '目标', '意义感', '人生意义'],
      items: [
        {
          en: 'My daily life has been filled with things that interest me.',
          zh: '我的日常生活充满了让我感兴趣的事情。',
        },
        { en: 'I feel that what I do is worthwhile.', zh: '我觉得自己所做的事情是有价值的。' },
        { en: 'I have a clear sense of what matters to me.', zh: '我清楚什么对自己是重要的。' },
        { en: 'I have felt that my days lack direction.', zh: '我感觉自己的生活缺乏方向。', reverse: true },
      ],
    },
  ],
}

export const STRESS: KindTemplate = {
  kind: 'stress',
  title: { en: 'Stress check', zh: '压力测评' },
  keywords: ['stress', 'stressed', 'pressure', 'anxiety', 'tension', 'overwhelm', '压力', '紧张', '焦虑', '应激'],
  polarity: 'higher-worse',
  answerScale: { kind: 'likert', points: 5, anchors: 'frequency' },
  itemsFit: ['agreement', 'frequency'],
  intro: {
    en: 'This report shows how much stress you have been under in the past month and where it comes from.',
    zh: '本报告展示了你过去一个月承受的压力程度及其来源。',
  },
  dimensions: [
    {
      key: 'tension',
      name: { en: 'Tension', zh: '紧张感' },
      aliases: ['tension', 'nervousness', 'anxiety', 'worry', 'strain', '紧张', '紧张感', '焦虑', '担忧'],
      items: [
        { en: 'I have felt nervous or on edge.', zh: '我感到紧张不安。' },
        { en: 'I have found it hard to switch off and relax.', zh: '我很难让自己停下来放松。' },
        { en: 'Small things have irritated me more than usual.', zh: '一些小事比平时更容易让我烦躁。' },
        { en: 'I have felt at ease in my daily life.', zh: '我在日常生活中感到轻松自在。', reverse: true },
      ],
    },
    {
      key: 'overload',
      name: { en: 'Overload', zh: '负荷过重' },
      aliases: [
        'overload',
        'workload',
        'demands',
        'time pressure',
        'pressure',
        '负荷',
        '工作量',
        '负担',
        '时间压力',
        '负荷过重',
      ],
      items: [
        { en: 'I have had more to do than I could manage.', zh: '我要做的事情多到应付不过来。' },
        { en: 'I have felt rushed from one task to the next.', zh: '我感觉自己在一件又一件任务之间疲于奔命。' },
        { en: 'Deadlines have kept me awake at night.', zh: '截止期限让我夜里难以入睡。' },
        { en: 'I have had enough time to do things properly.', zh: '我有足够的时间把事情做好。', reverse: true },
      ],
    },
    {
      key: 'control',
      name: { en: 'Loss of control', zh: '失控感' },
      aliases: ['loss of control', 'helplessness', 'uncertainty', '失控', '失控感', '无助'],
      items: [
        {
          en: 'I have felt unable to control the important things in my life.',
          zh: '我感到无法掌控生活中重要的事情。',
        },
        {
          en: 'Difficulties have piled up so high that I could not overcome them.',
          zh: '困难越积越多，让我觉得无法克服。',
        },
        {
          en: 'I have felt confident about handling my personal problems.',
          zh: '我有信心处理好自己的问题。',
          reverse: true,
        },
        { en: 'I have felt that things were going my way.', zh: '我觉得事情在朝着我希望的方向发展。', reverse: true },
      ],
    },
  ],
}

export const BURNOUT: KindTemplate = {
  kind: 'burnout',
  title: { en: 'Burnout check', zh: '职业倦怠测评' },
  keywords: [
    'burnout',
    'burn-out',
    'burned out',
    'burnt out',
    'exhaustion',
    'compassion fatigue',
    '倦怠',
    '职业倦怠',
    '耗竭',
    '过劳',
  ],
  polarity: 'higher-worse',
  answerScale: { kind: 'likert', points: 5, anchors: 'frequency' },
  itemsFit: ['agreement', 'frequency'],
  intro: {
    en: 'This report shows the signs of burnout in how you have felt about your work recently.',
    zh: '本报告展示了你近期工作感受中的职业倦怠迹象。',
  },
  dimensions: [
    {
      key: 'exhaustion',
      name: { en: 'Exhaustion', zh: '情绪耗竭' },
      aliases: [
        'exhaustion',
        'emotional exhaustion',
        'fatigue',
        'tiredness',
        'depletion',
        '耗竭',
        '情绪耗竭',
        '疲惫',
        '精疲力竭',
      ],
      items: [
        { en: 'I feel emotionally drained by my work.', zh: '工作让我感到情绪枯竭。' },
        { en: 'I feel used up at the end of the workday.', zh: '一天工作结束时，我感到筋疲力尽。' },
        {
          en: 'I dread getting up in the morning to face another day at work.',
          zh: '早上起床想到又要工作一天，我就感到畏惧。',
        },
        { en: 'Working all day is a real strain for me.', zh: '整天工作对我来说是一种沉重的负担。' },
        {
          en: 'I have enough energy left for my family and friends after work.',
          zh: '下班后，我还有足够的精力陪伴家人和朋友。',
          reverse: true,
        },
      ],
    },
    {
      key: 'cynicism',
      name: { en: 'Cynicism', zh: '疏离感' },
      aliases: [
        'cynicism',
        'depersonalization',
        'depersonalisation',
        'detachment',
        'disengagement',
        'distance',
        '疏离',
        '疏离感',
        '去人格化',
        '冷漠',
        '玩世不恭',
      ],
      items: [
        {
          en: 'I have become less interested in my work since I started this job.',
          zh: '自从开始这份工作以来，我对工作的兴趣越来越少。',
        },
        { en: 'I doubt whether my work makes any difference.', zh: '我怀疑自己的工作是否有意义。' },
        { en: 'I have become more callous towards the people I work with.', zh: '我对共事的人变得越来越冷漠。' },
        { en: 'I just want to do my job and be left alone.', zh: '我只想做完自己的工作，不想被打扰。' },
        { en: 'I still care about the people my work is for.', zh: '我依然关心我的工作所服务的人。', reverse: true },
      ],
    },
    {
      key: 'efficacy',
      name: { en: 'Professional efficacy', zh: '职业效能' },
      aliases: [
        'efficacy',
        'professional efficacy',
        'accomplishment',
        'personal accomplishment',
        'achievement',
        'effectiveness',
        '效能',
        '职业效能',
        '成就感',
        '个人成就感',
        '成就',
      ],
      polarity: 'higher-better',
      items: [
        { en: 'I deal effectively with the problems that come up in my work.', zh: '我能有效地处理工作中出现的问题。' },
        { en: 'I feel I am making a useful contribution at work.', zh: '我觉得自己在工作中做出了有益的贡献。' },
        {
          en: 'I have accomplished many worthwhile things in this job.',
          zh: '在这份工作中，我完成了很多有价值的事情。',
        },
        { en: 'At work, I get things done the way I want them done.', zh: '在工作中，我能按自己的要求把事情做好。' },
        { en: 'I feel I achieve little in my work.', zh: '我觉得自己在工作中收获甚少。', reverse: true },
      ],
    },
  ],
}
