import { describe, expect, test } from 'bun:test'
import { Arrivals, pageOfNew } from '../../admin/components/svc-records/arrivals.ts'

describe('the Data tab counts the records that arrived since its page was read', () => {
  test('records that arrived before a page was asked for are in its total: none stays new', () => {
    const arrivals = new Arrivals()
    arrivals.add('a')
    arrivals.add('b')
    expect([arrivals.count, arrivals.ids]).toEqual([2, ['a', 'b']])
    const mark = arrivals.mark()
    arrivals.settle(mark, [])
    expect([arrivals.count, arrivals.ids]).toEqual([0, []])
  })

  test('a record that arrives while the page is on its way stays new unless the page holds it', () => {
    const arrivals = new Arrivals()
    arrivals.add('before')
    const mark = arrivals.mark()
    arrivals.add('on-page')
    arrivals.add('elsewhere')
    arrivals.settle(mark, ['x', 'on-page'])
    expect(arrivals.ids).toEqual(['elsewhere'])
    arrivals.add('later')
    expect([arrivals.count, arrivals.ids]).toEqual([2, ['elsewhere', 'later']])
  })

  test('an older read settling after a newer mark forgets only what it counted', () => {
    const arrivals = new Arrivals()
    const first = arrivals.mark()
    arrivals.add('a')
    const second = arrivals.mark()
    arrivals.add('b')
    arrivals.settle(first, [])
    expect(arrivals.ids).toEqual(['a', 'b'])
    arrivals.settle(second, [])
    expect(arrivals.ids).toEqual(['b'])
  })

  test('following another view forgets every arrival', () => {
    const arrivals = new Arrivals()
    arrivals.add('a')
    arrivals.clear()
    expect([arrivals.count, arrivals.ids]).toEqual([0, []])
  })
})

describe('"Show" goes to the page holding the first new record', () => {
  test.each([
    // order, size, total counted, page
    ['desc', 50, 120, 1],
    ['desc', 50, 0, 1],
    ['asc', 50, 0, 1],
    ['asc', 50, 49, 1],
    ['asc', 50, 50, 2],
    ['asc', 50, 120, 3],
    ['asc', 25, 100, 5],
  ] as const)('%s, %i a page, %i counted: page %i', (order, size, total, page) => {
    expect(pageOfNew(order, size, total)).toBe(page)
  })
})
