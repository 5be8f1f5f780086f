/**
 * @module Hand-written item banks for common health, lifestyle and study constructs, in
 * the three item families. Original wording; behaviours over the past weeks for the
 * frequency family, as sleep and activity questionnaires ask them.
 * Wording only, read top to bottom (a table of data).
 */
import type { DimensionTemplate } from './types.ts'

export const SLEEP_QUALITY: DimensionTemplate = {
  key: 'sleep_quality',
  name: { en: 'Sleep quality', zh: '睡眠质量' },
  aliases: [
    'sleep quality',
    'sleep',
    'sleeping',
    'rest',
    'sleep habits',
    'sleep hygiene',
    '睡眠质量',
    '睡眠',
    '睡眠状况',
    '休息',
    '睡眠习惯',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I usually fall asleep within half an hour of going to bed.', zh: '我通常上床后半小时内就能入睡。' },
    { en: 'I wake up feeling rested.', zh: '我醒来时感到休息得很好。' },
    { en: 'I sleep through the night without waking for long.', zh: '我能一觉睡到天亮，中途不会长时间醒着。' },
    { en: 'Poor sleep makes it hard for me to get through the day.', zh: '睡不好让我白天很难熬。', reverse: true },
    { en: 'I go to bed at roughly the same time each night.', zh: '我每晚上床睡觉的时间大致固定。' },
  ],
  frequency: [
    {
      en: 'In the past two weeks, how often have you woken up feeling rested?',
      zh: '过去两周里，你醒来时感到休息充分的频率如何？',
    },
    {
      en: 'How often does it take you more than 30 minutes to fall asleep?',
      zh: '你需要超过 30 分钟才能入睡的情况有多频繁？',
      reverse: true,
    },
    {
      en: 'When you wake up during the night, how often do you struggle to get back to sleep?',
      zh: '你夜里醒来后难以再次入睡的情况有多频繁？',
      reverse: true,
    },
    {
      en: 'During the day, how often do you feel sleepy when you need to be alert?',
      zh: '白天需要保持清醒时，你感到困倦的频率如何？',
      reverse: true,
    },
    { en: 'How often do you get the amount of sleep you need?', zh: '你能睡够自己所需时长的频率如何？' },
    {
      en: 'Before sleeping, how often do you use your phone or laptop in bed?',
      zh: '睡前你在床上使用手机或电脑的频率如何？',
      reverse: true,
    },
    {
      en: 'On school or work days, how often do you get up at a regular time?',
      zh: '在上学或工作日，你按固定时间起床的频率如何？',
    },
    { en: 'How often do worries keep you awake at night?', zh: '担忧让你夜里睡不着的情况有多频繁？', reverse: true },
  ],
  satisfaction: [
    { en: 'How satisfied are you with the quality of your sleep?', zh: '你对自己的睡眠质量满意吗？' },
    { en: 'How happy are you with how rested you feel in the morning?', zh: '你对早上醒来时的休息程度满意吗？' },
    {
      en: 'Over the past month, how content have you been with the amount of sleep you get?',
      zh: '过去一个月里，你对自己的睡眠时长满意吗？',
    },
  ],
}

export const PHYSICAL_ACTIVITY: DimensionTemplate = {
  key: 'physical_activity',
  name: { en: 'Physical activity', zh: '身体活动' },
  aliases: [
    'physical activity',
    'exercise',
    'activity',
    'fitness',
    'sport',
    'sports',
    'movement',
    'workout',
    '身体活动',
    '运动',
    '锻炼',
    '体育锻炼',
    '体能',
    '健身',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I am physically active on most days of the week.', zh: '一周中的大多数日子我都有身体活动。' },
    {
      en: 'I walk or cycle for short trips instead of taking the car or bus.',
      zh: '短途出行时，我会步行或骑车，而不是坐车。',
    },
    { en: 'I have a form of exercise I enjoy.', zh: '我有自己喜欢的运动方式。' },
    { en: 'I spend most of my free time sitting down.', zh: '我的大部分空闲时间都是坐着度过的。', reverse: true },
  ],
  frequency: [
    {
      en: 'In a typical week, how often do you exercise for at least 30 minutes?',
      zh: '在通常的一周里，你进行至少 30 分钟锻炼的频率如何？',
    },
    {
      en: 'Given the choice, how often do you take the stairs rather than the lift?',
      zh: '你走楼梯而不是乘电梯的频率如何？',
    },
    {
      en: 'On a normal day, how often do you sit for more than two hours without a break?',
      zh: '你连续坐着超过两小时不休息的情况有多频繁？',
      reverse: true,
    },
    {
      en: 'How often do you do activities that leave you out of breath?',
      zh: '你进行让自己气喘吁吁的活动的频率如何？',
    },
  ],
  satisfaction: [
    { en: 'How satisfied are you with how active you are?', zh: '你对自己的活动量满意吗？' },
    { en: 'How happy are you with your current fitness?', zh: '你对自己目前的体能状况满意吗？' },
    {
      en: 'Thinking about the past month, how content are you with the exercise you managed?',
      zh: '回顾过去一个月，你对自己的锻炼情况满意吗？',
    },
  ],
}

export const EATING: DimensionTemplate = {
  key: 'eating',
  name: { en: 'Eating habits', zh: '饮食习惯' },
  aliases: [
    'eating habits',
    'eating',
    'diet',
    'nutrition',
    'healthy eating',
    'food habits',
    '饮食',
    '饮食习惯',
    '营养',
    '健康饮食',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I eat fruit or vegetables with most meals.', zh: '我大多数餐都会吃水果或蔬菜。' },
    { en: 'I eat at regular times.', zh: '我按时吃饭。' },
    { en: 'I often skip breakfast.', zh: '我经常不吃早餐。', reverse: true },
    { en: 'I drink enough water during the day.', zh: '我白天喝足够的水。' },
  ],
  frequency: [
    {
      en: 'In a typical week, how often do you eat five portions of fruit and vegetables in a day?',
      zh: '你每天吃至少五份水果和蔬菜的频率如何？',
    },
    { en: 'How frequently do you have sugary drinks?', zh: '你喝含糖饮料的频率如何？', reverse: true },
    { en: 'How often do you eat a proper breakfast?', zh: '你好好吃早餐的频率如何？' },
    { en: 'Late at night, how often do you eat something?', zh: '你深夜进食的频率如何？', reverse: true },
  ],
  satisfaction: [
    { en: 'How satisfied are you with how healthily you eat?', zh: '你对自己饮食的健康程度满意吗？' },
    { en: 'How happy are you with the regularity of your meals?', zh: '你对自己用餐的规律程度满意吗？' },
  ],
}

export const STUDY_HABITS: DimensionTemplate = {
  key: 'study_habits',
  name: { en: 'Study habits', zh: '学习习惯' },
  aliases: [
    'study habits',
    'studying',
    'study skills',
    'homework',
    'self-study',
    'learning habits',
    'time management for study',
    '学习习惯',
    '自习',
    '作业',
    '学习方法',
    '学习策略',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I set aside regular time for studying.', zh: '我会固定留出时间学习。' },
    { en: 'I start revising well before an exam.', zh: '我会在考试前很早就开始复习。' },
    { en: 'I review my notes after class.', zh: '我下课后会复习笔记。' },
    { en: 'I put off assignments until the last minute.', zh: '我会把作业拖到最后一刻。', reverse: true },
  ],
  frequency: [
    { en: 'At the start of a week, how often do you plan what you will study?', zh: '你每周规划学习内容的频率如何？' },
    {
      en: 'When you study, how often do you put your phone out of reach?',
      zh: '学习时，你把手机放到够不着的地方的频率如何？',
    },
    { en: 'How often have you handed in work late this term?', zh: '你迟交作业的频率如何？', reverse: true },
    { en: 'How often do you test yourself on what you have learned?', zh: '你对所学内容进行自我检测的频率如何？' },
    {
      en: 'When you do not understand something, how often do you ask a teacher or classmate?',
      zh: '遇到不懂的地方时，你向老师或同学请教的频率如何？',
    },
    {
      en: 'In the week before an exam, how often do you find yourself cramming late at night?',
      zh: '考试前一周，你熬夜突击复习的频率如何？',
      reverse: true,
    },
    {
      en: 'After a lesson, how often do you go over your notes the same day?',
      zh: '下课后，你当天复习笔记的频率如何？',
    },
    { en: 'How often do you start an assignment as soon as it is set?', zh: '布置作业后，你立即着手去做的频率如何？' },
  ],
  satisfaction: [
    { en: 'How satisfied are you with the way you organise your studying?', zh: '你对自己安排学习的方式满意吗？' },
    { en: 'How happy are you with the amount of time you spend studying?', zh: '你对自己的学习时长满意吗？' },
  ],
}

export const MOTIVATION: DimensionTemplate = {
  key: 'motivation',
  name: { en: 'Motivation', zh: '学习动机' },
  aliases: [
    'motivation',
    'learning motivation',
    'interest',
    'study motivation',
    'drive',
    '动机',
    '学习动机',
    '兴趣',
    '学习兴趣',
    '积极性',
  ],
  polarity: 'higher-better',
  items: [
    { en: 'I find what I am learning interesting.', zh: '我觉得自己正在学的内容很有意思。' },
    { en: 'I keep going when a topic gets difficult.', zh: '遇到难懂的内容时，我会坚持下去。' },
    { en: 'I can see how my studies will be useful to me.', zh: '我能看到所学内容对我有什么用。' },
    { en: 'I only study because I have to.', zh: '我学习只是因为不得不学。', reverse: true },
  ],
  frequency: [
    { en: 'How often do you look forward to your classes?', zh: '你期待上课的频率如何？' },
    {
      en: 'How often do you read or learn more about a topic than you were asked to?',
      zh: '你在要求之外主动多学一些相关内容的频率如何？',
    },
    { en: 'How often do you feel like giving up on a course?', zh: '你想放弃某门课程的情况有多频繁？', reverse: true },
  ],
  satisfaction: [
    { en: 'How satisfied are you with your own effort in your studies?', zh: '你对自己在学习上的投入满意吗？' },
    { en: 'How happy are you with how interesting your courses are?', zh: '你对课程的趣味性满意吗？' },
  ],
}

export const LONELINESS: DimensionTemplate = {
  key: 'loneliness',
  name: { en: 'Loneliness', zh: '孤独感' },
  aliases: ['loneliness', 'isolation', 'social isolation', 'lonely', '孤独', '孤独感', '孤单', '社交孤立'],
  polarity: 'higher-worse',
  items: [
    { en: 'I feel that I lack companionship.', zh: '我觉得自己缺少陪伴。' },
    { en: 'I feel left out by the people around me.', zh: '我觉得自己被身边的人冷落了。' },
    { en: 'There are people I can talk to about anything.', zh: '有一些人是我什么都可以倾诉的。', reverse: true },
    { en: 'I feel alone even when I am with others.', zh: '即使和别人在一起，我也感到孤单。' },
  ],
  frequency: [
    { en: 'How often have you felt that you have no one to turn to?', zh: '你觉得自己无人可以求助的频率如何？' },
    { en: 'In a typical week, how often do you feel isolated from others?', zh: '你感到与他人隔绝的频率如何？' },
    {
      en: 'How regularly do you spend time with friends or family you feel close to?',
      zh: '你与亲近的朋友或家人共度时光的频率如何？',
      reverse: true,
    },
    { en: 'In the past month, how often have you felt lonely?', zh: '过去一个月里，你感到孤独的频率如何？' },
    {
      en: 'How often do you wish you had someone to share your day with?',
      zh: '你希望有人能分享你一天经历的频率如何？',
    },
    {
      en: 'When you want company, how often can you find it?',
      zh: '当你想要有人陪伴时，能找到人陪的频率如何？',
      reverse: true,
    },
  ],
  satisfaction: [
    { en: 'How satisfied are you with your friendships?', zh: '你对自己的友谊满意吗？', reverse: true },
    {
      en: 'How happy are you with the amount of contact you have with other people?',
      zh: '你对自己与他人交往的多少满意吗？',
      reverse: true,
    },
  ],
}

export const SCREEN_TIME: DimensionTemplate = {
  key: 'screen_time',
  name: { en: 'Screen time', zh: '屏幕使用' },
  aliases: [
    'screen time',
    'phone use',
    'smartphone use',
    'social media',
    'social media use',
    'internet use',
    'gaming',
    '屏幕时间',
    '屏幕使用',
    '手机使用',
    '社交媒体',
    '上网',
    '游戏',
  ],
  polarity: 'higher-worse',
  items: [
    { en: 'I spend more time on my phone than I would like.', zh: '我花在手机上的时间比我希望的多。' },
    { en: 'I reach for my phone without thinking.', zh: '我会下意识地拿起手机。' },
    {
      en: 'I can easily put my phone away when I need to focus.',
      zh: '需要专心时，我能轻松地把手机放到一边。',
      reverse: true,
    },
    { en: 'Scrolling often keeps me up later than I planned.', zh: '刷手机常常让我比计划的更晚睡。' },
  ],
  frequency: [
    {
      en: 'How often do you check your phone within ten minutes of waking up?',
      zh: '你醒来十分钟内就查看手机的频率如何？',
    },
    { en: 'How often do you lose track of time on social media?', zh: '你在社交媒体上忘了时间的频率如何？' },
    {
      en: 'How often do you spend a whole evening without screens?',
      zh: '你整晚不使用电子屏幕的频率如何？',
      reverse: true,
    },
    { en: 'During meals, how often do you look at a screen?', zh: '吃饭时，你看屏幕的频率如何？' },
  ],
  satisfaction: [
    {
      en: 'How satisfied are you with the amount of time you spend on screens?',
      zh: '你对自己使用电子屏幕的时间满意吗？',
      reverse: true,
    },
    {
      en: 'How happy are you with your control over your phone use?',
      zh: '你对自己控制手机使用的情况满意吗？',
      reverse: true,
    },
  ],
}

/** Health, lifestyle and study constructs, in the order lookups try them. */
export const LIFE_CONSTRUCTS: readonly DimensionTemplate[] = [
  SLEEP_QUALITY,
  PHYSICAL_ACTIVITY,
  EATING,
  STUDY_HABITS,
  MOTIVATION,
  LONELINESS,
  SCREEN_TIME,
]
