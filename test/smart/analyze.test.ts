/**
 * Reading instructions: numbers in words and Chinese numerals, language detection, and
 * the pieces the built-in planner relies on.
 */
import { describe, expect, test } from 'bun:test'
import { analyzeInstruction, detectLanguage } from '../../server/smart/analyze.ts'
import { parseNumber } from '../../server/smart/analyze/numbers.ts'

describe('analyzeInstruction', () => {
  test.each([
    ['12', 12],
    ['twelve', 12],
    ['三', 3],
    ['两', 2],
    ['十', 10],
    ['十二', 12],
    ['二十', 20],
    ['二十五', 25],
    ['many', null],
  ])('parseNumber(%p) is %p', (raw, value) => {
    expect(parseNumber(raw)).toBe(value)
  })

  test.each<[string, 'en' | 'zh']>([
    ['a wellbeing check', 'en'],
    ['职业倦怠测评', 'zh'],
    ['NPS 调查，10道题', 'zh'],
    ['a survey about 满意度 for the team with five questions', 'en'],
  ])('detectLanguage(%p) is %p', (text, language) => {
    expect(detectLanguage(text)).toBe(language)
  })

  test('reads every part of a precise English instruction', () => {
    expect(
      analyzeInstruction(
        'A 12-question burnout check for nurses with three dimensions — exhaustion, cynicism, efficacy — 5-point scale, 4 levels, calm blue styling, dark, one question per screen, publish it',
      ),
    ).toEqual({
      language: 'en',
      kind: 'burnout',
      quizBank: null,
      audience: 'nurses',
      topic: 'burnout',
      questions: 12,
      dimensionCount: 3,
      dimensions: ['exhaustion', 'cynicism', 'efficacy'],
      answerScale: { kind: 'likert', points: 5, anchors: 'agreement' },
      anchors: null,
      title: 'Burnout check for nurses',
      levels: 4,
      style: { colour: 'blue', mode: 'dark', layout: 'one-per-screen', font: null },
      publish: true,
    })
  })

  test('reads every part of a precise Chinese instruction', () => {
    expect(
      analyzeInstruction(
        '面向护士的职业倦怠测评，12道题，维度：情绪耗竭、疏离感、职业效能，7点量表，3个等级，绿色，一屏一题，先不发布',
      ),
    ).toEqual({
      language: 'zh',
      kind: 'burnout',
      quizBank: null,
      audience: '护士',
      topic: '职业倦怠',
      questions: 12,
      dimensionCount: 3,
      dimensions: ['情绪耗竭', '疏离感', '职业效能'],
      answerScale: { kind: 'likert', points: 7, anchors: 'agreement' },
      anchors: null,
      title: '职业倦怠测评',
      levels: 3,
      style: { colour: 'green', mode: null, layout: 'one-per-screen', font: null },
      publish: false,
    })
  })

  test('"one question per screen" is a layout, not a question count', () => {
    expect(analyzeInstruction('stress survey, one question per screen').questions).toBeNull()
  })

  test.each<[string, Partial<ReturnType<typeof analyzeInstruction>>]>([
    [
      'a customer satisfaction survey for a coffee shop with 6 questions about taste, service and price',
      {
        dimensions: ['taste', 'service', 'price'],
        questions: 6,
        title: 'Customer satisfaction survey for a coffee shop',
      },
    ],
    [
      'an 8-item sleep quality questionnaire for university students, 4-point frequency scale',
      {
        questions: 8,
        anchors: 'frequency',
        title: 'Sleep quality questionnaire for university students',
        topic: 'sleep quality',
      },
    ],
    [
      'employee engagement pulse, 10 questions, dimensions: recognition, growth, workload',
      { kind: 'engagement', dimensions: ['recognition', 'growth', 'workload'], title: 'Employee engagement pulse' },
    ],
    [
      'workload and work-life balance check for remote staff',
      { dimensions: ['workload', 'work-life balance'], title: 'Workload and work-life balance check for remote staff' },
    ],
    [
      'hotel guest feedback covering cleanliness, service and value, 4-point satisfaction scale',
      { dimensions: ['cleanliness', 'service', 'value'], anchors: 'satisfaction', title: 'Hotel guest feedback' },
    ],
    ['exam anxiety check for students, 4-point frequency scale', { kind: 'stress', anchors: 'frequency' }],
    [
      '一份员工满意度调查，维度：薪酬、晋升、同事关系，10道题，5点量表',
      { dimensions: ['薪酬', '晋升', '同事关系'], questions: 10, anchors: null, title: '员工满意度调查' },
    ],
    [
      '酒店住客反馈，维度：卫生、服务、性价比，6道题，5点满意度量表',
      { anchors: 'satisfaction', title: '酒店住客反馈' },
    ],
    [
      '大学生睡眠质量问卷，8道题，4点频率量表',
      { topic: '睡眠质量', anchors: 'frequency', title: '大学生睡眠质量问卷' },
    ],
  ])('reads %p', (instruction, wanted) => {
    const got = analyzeInstruction(instruction)
    expect(Object.fromEntries(Object.keys(wanted).map((key) => [key, got[key as keyof typeof got]]))).toEqual(wanted)
  })
})
