/**
 * @module Hand-written item banks for what customers and users rate: food and drink,
 * places, products, software and courses. Scores read as the respondent's satisfaction
 * with something that is not theirs (polarity "satisfaction").
 * Wording only, read top to bottom (a table of data).
 */
import type { DimensionTemplate } from './types.ts'

export const TASTE: DimensionTemplate = {
  key: 'taste',
  name: { en: 'Taste', zh: '口味' },
  aliases: [
    'taste',
    'flavour',
    'flavor',
    'food',
    'food quality',
    'drinks',
    'coffee',
    'menu',
    '口味',
    '味道',
    '口感',
    '菜品',
    '饮品',
    '菜品质量',
  ],
  polarity: 'satisfaction',
  items: [
    { en: 'The food and drink tasted good.', zh: '食物和饮品味道很好。' },
    { en: 'My order was served at the right temperature.', zh: '我点的餐品温度适宜。' },
    { en: 'The menu had something I really wanted.', zh: '菜单上有我真正想要的东西。' },
    { en: 'The quality of the food and drink was inconsistent.', zh: '食物和饮品的品质时好时坏。', reverse: true },
  ],
  frequency: [
    {
      en: 'When you visit, how often does your order taste as good as you hoped?',
      zh: '每次光顾时，你点的东西达到你期望口味的频率如何？',
    },
    {
      en: 'How often is your drink or meal served at the right temperature?',
      zh: '你的饮品或餐食温度适宜的频率如何？',
    },
    {
      en: 'How often are you disappointed by the taste of what you ordered?',
      zh: '你对所点餐品的味道感到失望的频率如何？',
      reverse: true,
    },
  ],
  satisfaction: [
    { en: 'Taste-wise, how satisfied are you with your food and drink?', zh: '你对食物和饮品的口味满意吗？' },
    {
      en: 'Thinking of freshness, how satisfied were you with what you ordered?',
      zh: '你对所点餐品的新鲜程度满意吗？',
    },
    {
      en: 'Thinking about the menu, how pleased are you with the choice on offer?',
      zh: '就菜单而言，你对可选品种满意吗？',
    },
    {
      en: 'Compared with similar places, how satisfied are you with the flavour?',
      zh: '与同类店铺相比，你对这里的味道满意吗？',
    },
  ],
}

export const ATMOSPHERE: DimensionTemplate = {
  key: 'atmosphere',
  name: { en: 'Atmosphere', zh: '环境' },
  aliases: [
    'atmosphere',
    'ambience',
    'ambiance',
    'environment',
    'comfort',
    'seating',
    'decor',
    '环境',
    '氛围',
    '舒适度',
    '装修',
  ],
  polarity: 'satisfaction',
  items: [
    { en: 'The place was clean and tidy.', zh: '店内干净整洁。' },
    { en: 'It was comfortable to sit and stay a while.', zh: '坐下来待一会儿很舒服。' },
    { en: 'The noise level made conversation difficult.', zh: '噪音大到难以交谈。', reverse: true },
    { en: 'The place has a pleasant, welcoming feel.', zh: '这里给人愉快、亲切的感觉。' },
  ],
  frequency: [
    { en: 'How often do you find the tables and floors clean?', zh: '你看到桌面和地面干净的频率如何？' },
    { en: 'How often can you find a comfortable seat?', zh: '你能找到舒适座位的频率如何？' },
    { en: 'How often is it too noisy to relax?', zh: '吵得让人无法放松的情况有多频繁？', reverse: true },
  ],
  satisfaction: [
    { en: 'How happy are you with the comfort of the seating?', zh: '你对座位的舒适程度满意吗？' },
    { en: 'The feel of the place: how satisfied are you with it?', zh: '你对这里给人的舒适愉悦感满意吗？' },
    {
      en: 'Taking everything into account, how pleased are you with the atmosphere?',
      zh: '总的来说，你对这里的氛围满意吗？',
    },
  ],
}

export const CLEANLINESS: DimensionTemplate = {
  key: 'cleanliness',
  name: { en: 'Cleanliness', zh: '卫生' },
  aliases: ['cleanliness', 'hygiene', 'tidiness', 'cleaning', 'clean', '卫生', '清洁', '整洁', '干净', '卫生状况'],
  polarity: 'satisfaction',
  items: [
    { en: 'Everything I used was clean.', zh: '我用到的东西都很干净。' },
    { en: 'The washrooms were clean and well stocked.', zh: '洗手间干净，用品齐全。' },
    {
      en: 'I noticed dirt or mess that should have been cleaned up.',
      zh: '我注意到一些本该清理却没有清理的脏乱之处。',
      reverse: true,
    },
    { en: 'The place smelled fresh.', zh: '这里的空气清新，没有异味。' },
  ],
  frequency: [
    { en: 'On your visits, how often is everything clean?', zh: '你每次到访时，一切都干净整洁的频率如何？' },
    {
      en: 'How frequently do you notice mess that has not been cleaned up?',
      zh: '你注意到未被清理的脏乱之处的频率如何？',
      reverse: true,
    },
    { en: 'How often are the washrooms clean and well stocked?', zh: '洗手间干净且用品齐全的频率如何？' },
  ],
  satisfaction: [
    { en: 'As for cleanliness, how satisfied are you with the place?', zh: '你对这里的卫生状况满意吗？' },
    { en: 'How happy are you with the cleanliness of the washrooms?', zh: '你对洗手间的清洁程度满意吗？' },
    {
      en: 'Thinking about the areas you used, how satisfied were you with how clean they were?',
      zh: '就你使用过的区域而言，你对其清洁程度满意吗？',
    },
  ],
}

export const EASE_OF_USE: DimensionTemplate = {
  key: 'ease_of_use',
  name: { en: 'Ease of use', zh: '易用性' },
  aliases: [
    'ease of use',
    'usability',
    'ease',
    'simplicity',
    'user friendliness',
    'user-friendliness',
    'navigation',
    'learnability',
    '易用性',
    '易用',
    '可用性',
    '操作便捷',
    '便捷性',
    '上手难度',
  ],
  polarity: 'satisfaction',
  items: [
    { en: 'I could do what I came to do without help.', zh: '我无需帮助就能完成想做的事。' },
    { en: 'It was easy to find my way around.', zh: '很容易找到想要的功能。' },
    { en: 'I had to think hard about what to do next.', zh: '我得费劲思考下一步该做什么。', reverse: true },
    { en: 'The words and labels made sense to me.', zh: '界面上的文字和标签让我一看就懂。' },
    { en: 'Someone new to it would learn it quickly.', zh: '新用户也能很快学会使用。' },
  ],
  frequency: [
    {
      en: 'How often have you got stuck and needed to look for help?',
      zh: '你卡住并需要寻求帮助的频率如何？',
      reverse: true,
    },
    {
      en: 'When you use it, how often do you find what you need on the first try?',
      zh: '使用时，你一次就能找到所需功能的频率如何？',
    },
    {
      en: 'How often do you make a mistake you then have to undo?',
      zh: '你犯错后不得不撤销操作的情况有多频繁？',
      reverse: true,
    },
    {
      en: 'How often does a task take longer than you expected?',
      zh: '完成一项任务所用时间超出预期的情况有多频繁？',
      reverse: true,
    },
  ],
  satisfaction: [
    { en: 'When it comes to ease of use, how satisfied are you?', zh: '你对它的易用程度满意吗？' },
    {
      en: 'Looking back, how pleased are you with how quickly you learned to use it?',
      zh: '你对自己学会使用它的速度满意吗？',
    },
    {
      en: 'Thinking about the last task you did with it, how pleased were you with how smoothly it went?',
      zh: '回想最近一次使用它完成的任务，你对过程的顺畅程度满意吗？',
    },
  ],
}

export const DESIGN: DimensionTemplate = {
  key: 'design',
  name: { en: 'Design', zh: '设计' },
  aliases: [
    'design',
    'look and feel',
    'appearance',
    'visual design',
    'aesthetics',
    'interface',
    'layout',
    '设计',
    '外观',
    '界面',
    '视觉设计',
    '美观',
  ],
  polarity: 'satisfaction',
  items: [
    { en: 'The design looks clean and uncluttered.', zh: '设计简洁、不杂乱。' },
    { en: 'The text is easy to read.', zh: '文字清晰易读。' },
    { en: 'The screens look consistent with one another.', zh: '各个页面的风格一致。' },
    { en: 'Some screens feel crowded or confusing.', zh: '有些页面显得拥挤或令人困惑。', reverse: true },
  ],
  frequency: [
    {
      en: 'How often do you have to zoom in to read something?',
      zh: '你需要放大才能看清内容的频率如何？',
      reverse: true,
    },
    {
      en: 'How often does a screen look different from what you expected?',
      zh: '页面外观与你预期不同的情况有多频繁？',
      reverse: true,
    },
    { en: 'How often do you notice the design in a good way?', zh: '你留意到设计令人满意的频率如何？' },
  ],
  satisfaction: [
    { en: 'How satisfied are you with the look and feel?', zh: '你对整体外观和感觉满意吗？' },
    { en: 'How happy are you with how readable the screens are?', zh: '你对页面内容的可读性满意吗？' },
  ],
}

export const PERFORMANCE: DimensionTemplate = {
  key: 'performance',
  name: { en: 'Speed and reliability', zh: '速度与稳定性' },
  aliases: [
    'performance',
    'speed',
    'reliability',
    'stability',
    'bugs',
    'loading time',
    'responsiveness',
    '性能',
    '速度',
    '稳定性',
    '流畅度',
    '加载速度',
  ],
  polarity: 'satisfaction',
  items: [
    { en: 'Pages and screens load quickly.', zh: '页面加载很快。' },
    { en: 'It works without errors.', zh: '使用时不会出错。' },
    { en: 'It has crashed or frozen while I was using it.', zh: '我使用时它出现过崩溃或卡死。', reverse: true },
    { en: 'It responds straight away when I tap or click.', zh: '我点击后它会立即响应。' },
  ],
  frequency: [
    {
      en: 'While using it, how often are you kept waiting for something to load?',
      zh: '你需要等待内容加载的频率如何？',
      reverse: true,
    },
    { en: 'How frequently do you run into an error message?', zh: '你遇到错误提示的频率如何？', reverse: true },
    { en: 'How often does it work exactly as you expect?', zh: '它完全按你预期运行的频率如何？' },
  ],
  satisfaction: [
    { en: 'How satisfied are you with its speed?', zh: '你对它的速度满意吗？' },
    { en: 'How happy are you with how reliably it works?', zh: '你对它运行的稳定程度满意吗？' },
  ],
}

export const DELIVERY: DimensionTemplate = {
  key: 'delivery',
  name: { en: 'Delivery', zh: '配送' },
  aliases: ['delivery', 'shipping', 'packaging', 'logistics', 'dispatch', '配送', '物流', '快递', '送货', '包装'],
  polarity: 'satisfaction',
  items: [
    { en: 'My order arrived when I was told it would.', zh: '我的订单按承诺的时间送达。' },
    { en: 'The packaging kept my order in good condition.', zh: '包装使我的商品完好无损。' },
    { en: 'I could easily track where my order was.', zh: '我可以方便地查询订单的位置。' },
    { en: 'Something was missing or damaged when it arrived.', zh: '到货时有东西缺失或损坏。', reverse: true },
  ],
  frequency: [
    { en: 'How often do your orders arrive on time?', zh: '你的订单准时送达的频率如何？' },
    { en: 'How often does an order arrive damaged?', zh: '订单到货时有损坏的情况有多频繁？', reverse: true },
    {
      en: 'How often do you have to chase a late delivery?',
      zh: '你不得不催促延迟配送的情况有多频繁？',
      reverse: true,
    },
  ],
  satisfaction: [
    { en: 'How satisfied are you with the delivery time?', zh: '你对配送时间满意吗？' },
    { en: 'How happy are you with the condition your order arrived in?', zh: '你对商品到货时的状况满意吗？' },
  ],
}

export const COURSE_CONTENT: DimensionTemplate = {
  key: 'course_content',
  name: { en: 'Course content', zh: '课程内容' },
  aliases: [
    'course content',
    'content',
    'curriculum',
    'materials',
    'course materials',
    'relevance',
    'course',
    '课程内容',
    '内容',
    '教材',
    '课程',
    '学习材料',
  ],
  polarity: 'satisfaction',
  items: [
    { en: 'The course covered what I expected it to cover.', zh: '课程涵盖了我期望的内容。' },
    { en: 'The materials were clear and well organised.', zh: '学习材料清晰、条理分明。' },
    { en: 'I can use what I learned in practice.', zh: '我能把所学内容用于实践。' },
    { en: 'Parts of the course felt out of date.', zh: '课程的部分内容显得过时。', reverse: true },
  ],
  frequency: [
    { en: 'How often did the course material feel relevant to you?', zh: '你觉得课程内容与你相关的频率如何？' },
    {
      en: 'How often did you find the material hard to follow?',
      zh: '你觉得学习材料难以理解的频率如何？',
      reverse: true,
    },
    { en: 'How often did you use the course materials outside class?', zh: '你在课外使用课程材料的频率如何？' },
  ],
  satisfaction: [
    { en: 'How satisfied are you with the course content?', zh: '你对课程内容满意吗？' },
    { en: 'To what extent are you happy with the quality of the course materials?', zh: '你对课程材料的质量满意吗？' },
    {
      en: 'Thinking about your own goals, how pleased are you with what the course covered?',
      zh: '结合你自己的目标，你对课程所涵盖的内容满意吗？',
    },
  ],
}

export const TEACHING: DimensionTemplate = {
  key: 'teaching',
  name: { en: 'Teaching', zh: '教学' },
  aliases: [
    'teaching',
    'teaching quality',
    'instructor',
    'teacher',
    'trainer',
    'lecturer',
    'tutor',
    'instruction',
    '教学',
    '教学质量',
    '老师',
    '教师',
    '讲师',
    '授课',
  ],
  polarity: 'satisfaction',
  items: [
    { en: 'The teacher explained things clearly.', zh: '老师讲解清楚。' },
    { en: 'The teacher was well prepared for each session.', zh: '老师每节课都准备充分。' },
    { en: 'I felt comfortable asking questions.', zh: '我可以放心地提问。' },
    { en: 'The pace of teaching was too fast or too slow for me.', zh: '教学节奏对我来说太快或太慢。', reverse: true },
  ],
  frequency: [
    { en: 'How often did the teacher check that the class had understood?', zh: '老师确认全班是否听懂的频率如何？' },
    { en: 'How often did you get useful feedback on your work?', zh: '你的作业得到有用反馈的频率如何？' },
    { en: 'How often did you leave a session confused?', zh: '你下课时仍感到困惑的情况有多频繁？', reverse: true },
  ],
  satisfaction: [
    { en: 'Overall, how satisfied are you with the quality of the teaching?', zh: '你对教学质量满意吗？' },
    { en: 'How happy are you with the feedback you received from the teacher?', zh: '你对老师给你的反馈满意吗？' },
    {
      en: 'Overall, how pleased are you with the way the sessions were run?',
      zh: '总体而言，你对课堂的组织方式满意吗？',
    },
  ],
}

/** Customer and user constructs, in the order lookups try them. */
export const PRODUCT_CONSTRUCTS: readonly DimensionTemplate[] = [
  TASTE,
  ATMOSPHERE,
  CLEANLINESS,
  EASE_OF_USE,
  DESIGN,
  PERFORMANCE,
  DELIVERY,
  COURSE_CONTENT,
  TEACHING,
]
