import { describe, expect, test } from 'bun:test'
import { APP_TABS, hrefOf, parseRoute } from '../../admin/router.ts'

describe('admin hash routes of the assessment tabs', () => {
  test.each(['scales', 'report', 'expert', 'style'] as const)(
    '#/apps/<id>/%s opens that tab and round-trips',
    (tab) => {
      const route = parseRoute(`#/apps/01a2/${tab}`)
      expect(route).toEqual({ name: 'app', appId: '01a2', tab })
      expect(hrefOf(route)).toBe(`#/apps/01a2/${tab}`)
    },
  )

  test('every tab is listed once and unknown tabs are not found', () => {
    expect(APP_TABS).toEqual(['setup', 'data', 'summary', 'scales', 'report', 'expert', 'style'])
    expect(parseRoute('#/apps/01a2/styles')).toEqual({ name: 'not-found', hash: '#/apps/01a2/styles' })
  })
})
