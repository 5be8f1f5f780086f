/**
 * @module Knowledge-quiz questions the built-in planner knows the answers to. For other
 * topics it writes clearly marked placeholder questions (see generic.ts): a planner
 * without a language model must not invent facts.
 * Wording only, read top to bottom (a table of data).
 */
import type { QuizBank } from './types.ts'

export const SECURITY_QUIZ: QuizBank = {
  key: 'security',
  title: { en: 'Security awareness quiz', zh: '信息安全意识测验' },
  keywords: [
    'security',
    'cyber',
    'cybersecurity',
    'phishing',
    'password',
    'privacy',
    'infosec',
    '安全',
    '网络安全',
    '信息安全',
    '钓鱼',
    '密码',
    '隐私',
  ],
  questions: [
    {
      question: { en: 'Which password is the strongest?', zh: '以下哪个密码最安全？' },
      options: [
        { en: 'A long passphrase of four random words', zh: '由四个随机单词组成的长密码短语' },
        { en: 'Your pet’s name followed by 123', zh: '宠物名字加 123' },
        { en: 'Password1!', zh: 'Password1!' },
        { en: 'Your date of birth', zh: '你的出生日期' },
      ],
      answer: 0,
    },
    {
      question: {
        en: 'An e-mail asks you to confirm your login on a link that looks slightly wrong. What do you do?',
        zh: '一封邮件要求你通过一个看起来有些可疑的链接确认登录信息，你该怎么做？',
      },
      options: [
        { en: 'Click it quickly before the account is locked', zh: '赶紧点击，以免账户被锁' },
        { en: 'Reply with your password', zh: '回复邮件告知密码' },
        { en: 'Report it and open the site by typing its address yourself', zh: '举报该邮件，并自己输入网址访问网站' },
        { en: 'Forward it to colleagues to check', zh: '转发给同事看看' },
      ],
      answer: 2,
    },
    {
      question: { en: 'What does multi-factor authentication add?', zh: '多因素认证的作用是什么？' },
      options: [
        { en: 'A second proof of identity besides the password', zh: '在密码之外增加第二种身份证明' },
        { en: 'A longer password', zh: '更长的密码' },
        { en: 'Faster logins', zh: '更快的登录速度' },
        { en: 'Nothing if the password is strong', zh: '如果密码够强就没有作用' },
      ],
      answer: 0,
    },
    {
      question: {
        en: 'You find a USB stick in the car park. What is the safest action?',
        zh: '你在停车场捡到一个 U 盘，最安全的做法是什么？',
      },
      options: [
        { en: 'Plug it in to find the owner', zh: '插到电脑上找失主' },
        { en: 'Hand it to the IT or security team without plugging it in', zh: '不插入电脑，直接交给 IT 或安全团队' },
        { en: 'Keep it for yourself', zh: '自己留着用' },
        { en: 'Plug it into a colleague’s computer', zh: '插到同事的电脑上' },
      ],
      answer: 1,
    },
    {
      question: { en: 'Why should software updates be installed promptly?', zh: '为什么应及时安装软件更新？' },
      options: [
        { en: 'They change the colours', zh: '它们会改变界面颜色' },
        { en: 'They often fix known security holes', zh: '它们通常修复了已知的安全漏洞' },
        { en: 'They make passwords unnecessary', zh: '它们让密码变得不必要' },
        { en: 'They are never important', zh: '它们从来都不重要' },
      ],
      answer: 1,
    },
    {
      question: { en: 'Which of these is a sign of a phishing message?', zh: '以下哪项是钓鱼信息的特征？' },
      options: [
        { en: 'Urgent pressure to act immediately', zh: '催促你立即采取行动' },
        { en: 'A greeting with your name', zh: '称呼了你的名字' },
        { en: 'It arrives during working hours', zh: '在工作时间收到' },
        { en: 'It has a company logo', zh: '带有公司标志' },
      ],
      answer: 0,
    },
    {
      question: { en: 'Where is it safest to keep your passwords?', zh: '密码保存在哪里最安全？' },
      options: [
        { en: 'On a sticky note on the screen', zh: '贴在屏幕上的便签上' },
        { en: 'In a reputable password manager', zh: '可靠的密码管理器中' },
        { en: 'In an unencrypted spreadsheet', zh: '未加密的电子表格中' },
        { en: 'The same password everywhere, so none need storing', zh: '所有地方用同一个密码，就不用保存了' },
      ],
      answer: 1,
    },
    {
      question: {
        en: 'Someone calls claiming to be from IT and asks for your password. What do you do?',
        zh: '有人打电话自称是 IT 部门的人，向你索要密码，你该怎么做？',
      },
      options: [
        { en: 'Give it, IT needs it', zh: '告诉他，IT 需要它' },
        { en: 'Give only half of it', zh: '只告诉他一半' },
        { en: 'Refuse and report the call', zh: '拒绝并报告此次通话' },
        { en: 'Change it afterwards and give the old one', zh: '先告诉他，事后再改密码' },
      ],
      answer: 2,
    },
    {
      question: { en: 'What should you do when you leave your desk?', zh: '离开工位时应该怎么做？' },
      options: [
        { en: 'Lock your screen', zh: '锁定屏幕' },
        { en: 'Turn off the monitor only', zh: '只关掉显示器' },
        { en: 'Nothing, the office is safe', zh: '什么都不用做，办公室很安全' },
        { en: 'Log out of e-mail only', zh: '只退出邮箱' },
      ],
      answer: 0,
    },
    {
      question: { en: 'Public Wi-Fi in a café is…', zh: '咖啡馆里的公共 Wi-Fi……' },
      options: [
        { en: 'Always encrypted end to end', zh: '总是端到端加密的' },
        { en: 'Fine for anything without precautions', zh: '无需任何防护即可随意使用' },
        { en: 'Risky for sensitive work without a VPN', zh: '在没有 VPN 的情况下处理敏感工作有风险' },
        { en: 'Faster than a home network', zh: '比家庭网络更快' },
      ],
      answer: 2,
    },
  ],
}

export const GENERAL_QUIZ: QuizBank = {
  key: 'general',
  title: { en: 'General knowledge quiz', zh: '常识测验' },
  keywords: ['general knowledge', 'trivia', 'science', 'geography', 'pub quiz', '常识', '科学', '地理', '百科'],
  questions: [
    {
      question: { en: 'What is the largest planet in the solar system?', zh: '太阳系中最大的行星是哪一颗？' },
      options: [
        { en: 'Jupiter', zh: '木星' },
        { en: 'Saturn', zh: '土星' },
        { en: 'Earth', zh: '地球' },
        { en: 'Neptune', zh: '海王星' },
      ],
      answer: 0,
    },
    {
      question: { en: 'At sea level, at what temperature does water boil?', zh: '在海平面上，水的沸点是多少？' },
      options: [
        { en: '90 °C', zh: '90 °C' },
        { en: '100 °C', zh: '100 °C' },
        { en: '110 °C', zh: '110 °C' },
        { en: '120 °C', zh: '120 °C' },
      ],
      answer: 1,
    },
    {
      question: { en: 'Which gas do plants take in for photosynthesis?', zh: '植物进行光合作用时吸收哪种气体？' },
      options: [
        { en: 'Oxygen', zh: '氧气' },
        { en: 'Nitrogen', zh: '氮气' },
        { en: 'Carbon dioxide', zh: '二氧化碳' },
        { en: 'Helium', zh: '氦气' },
      ],
      answer: 2,
    },
    {
      question: { en: 'Which is the longest river in Asia?', zh: '亚洲最长的河流是哪一条？' },
      options: [
        { en: 'Mekong', zh: '湄公河' },
        { en: 'Yellow River', zh: '黄河' },
        { en: 'Ganges', zh: '恒河' },
        { en: 'Yangtze', zh: '长江' },
      ],
      answer: 3,
    },
    {
      question: { en: 'How many continents are there?', zh: '世界上有几大洲？' },
      options: [
        { en: 'Five', zh: '五个' },
        { en: 'Six', zh: '六个' },
        { en: 'Seven', zh: '七个' },
        { en: 'Eight', zh: '八个' },
      ],
      answer: 2,
    },
    {
      question: { en: 'What is the chemical symbol of gold?', zh: '金的化学符号是什么？' },
      options: [
        { en: 'Au', zh: 'Au' },
        { en: 'Ag', zh: 'Ag' },
        { en: 'Go', zh: 'Go' },
        { en: 'Gd', zh: 'Gd' },
      ],
      answer: 0,
    },
    {
      question: { en: 'Which organ pumps blood around the body?', zh: '哪个器官负责把血液泵送到全身？' },
      options: [
        { en: 'Lungs', zh: '肺' },
        { en: 'Heart', zh: '心脏' },
        { en: 'Liver', zh: '肝脏' },
        { en: 'Kidneys', zh: '肾脏' },
      ],
      answer: 1,
    },
    {
      question: { en: 'Which ocean is the largest?', zh: '哪个大洋面积最大？' },
      options: [
        { en: 'Atlantic', zh: '大西洋' },
        { en: 'Indian', zh: '印度洋' },
        { en: 'Arctic', zh: '北冰洋' },
        { en: 'Pacific', zh: '太平洋' },
      ],
      answer: 3,
    },
    {
      question: { en: 'How many minutes are there in a full day?', zh: '一整天有多少分钟？' },
      options: [
        { en: '1,440', zh: '1440' },
        { en: '1,200', zh: '1200' },
        { en: '2,400', zh: '2400' },
        { en: '3,600', zh: '3600' },
      ],
      answer: 0,
    },
    {
      question: { en: 'What force keeps the planets in orbit around the Sun?', zh: '是什么力让行星绕太阳运行？' },
      options: [
        { en: 'Magnetism', zh: '磁力' },
        { en: 'Friction', zh: '摩擦力' },
        { en: 'Gravity', zh: '引力' },
        { en: 'Wind', zh: '风力' },
      ],
      answer: 2,
    },
  ],
}

export const QUIZ_BANKS: readonly QuizBank[] = [SECURITY_QUIZ, GENERAL_QUIZ]
