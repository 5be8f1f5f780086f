/**
 * The planner's readers of numbers and dimension lists over long runs of digits and Chinese
 * numerals: before, every start inside a run rescanned the rest of it (5,000 digits blocked the
 * event loop for 0.7 s, 5,000 "一" before "个维度" for minutes). Each reader now looks at a
 * character a fixed number of times, so an instruction twenty times longer than the API takes
 * completes within the test's default timeout; the timings themselves are in bench/planner.ts.
 */
import { describe, expect, test } from 'bun:test'
import { analyzeInstruction } from '../../server/smart/analyze.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { requestedCounts } from '../../server/smart/catalog/instruments/requested.ts'
import { countedList, openedList } from '../../server/smart/zh-dimension-list.ts'

const RUN = 100_000

describe('long number runs', () => {
  test.each([
    ['digits', '1'.repeat(RUN)],
    ['digits before a word of questions', `${'1'.repeat(RUN)}x questions`],
    ['digits before a dimension word', `${'1'.repeat(RUN)}维度`],
    ['numerals before a dimension word', `${'一'.repeat(RUN)}个维度`],
    ['an opening word, numerals, a dimension word', `从${'一'.repeat(RUN)}维度`],
    ['opening words only', `${'从'.repeat(RUN)}维度`],
    ['digits between spaces', '1 '.repeat(RUN / 2)],
  ])('%s are read once', (_name, text) => {
    const analysis = analyzeInstruction(text)
    expect(analysis.dimensions.length).toBeLessThanOrEqual(10)
    expect(planWithBuiltin(text).version).toBeGreaterThan(0)
    expect(requestedCounts(text)).toEqual({ questions: null, points: null, levels: null })
  })

  test('a count still reads from the start of its run', () => {
    expect(requestedCounts('12 questions, 5 point, 3 levels')).toEqual({ questions: 12, points: 5, levels: 3 })
    expect(analyzeInstruction('员工压力测评，十二道题，三个等级').questions).toBe(12)
    expect(analyzeInstruction('员工压力测评，十二道题，三个等级').levels).toBe(3)
  })

  test.each([
    ['从工作、家庭两个维度', '工作、家庭'],
    ['包括 睡眠、饮食 3 个维度', '睡眠、饮食'],
    ['涵盖压力和睡眠，三个维度', null],
    ['没有列表', null],
  ])('openedList(%p) is %p', (text, list) => {
    expect(openedList(text)).toBe(list)
  })

  test.each([
    ['压力、睡眠、情绪三个维度', '压力、睡眠、情绪'],
    ['测评，压力和睡眠 2 大方面', '压力和睡眠'],
    ['维度：压力、睡眠', null],
    ['十二个维度', '十'],
  ])('countedList(%p) is %p', (text, list) => {
    expect(countedList(text)).toBe(list)
  })
})
