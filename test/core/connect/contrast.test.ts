import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { parseCssColor } from '../../../server/contract/connect/colors.ts'
import { contrastRatio, pageColors, TEXT_CONTRAST } from '../../../server/contract/connect/contrast.ts'
import { DEFAULT_THEME } from '../../../server/contract/connect/schemas.ts'

const rgb = (css: string) => parseCssColor(css)!.slice(0, 3) as [number, number, number]
const ratio = (a: string, b: string) => contrastRatio(rgb(a), rgb(b))

describe('pageColors', () => {
  test('readable colours are used exactly as the owner wrote them', () => {
    expect(pageColors(DEFAULT_THEME)).toEqual({
      primary: '#2563eb',
      background: '#ffffff',
      text: '#1f2937',
      onPrimary: '#fff',
      error: '#b91c1c',
    })
    expect(pageColors({ primaryColor: 'teal', backgroundColor: 'ivory', textColor: 'rgb(20 20 20)' })).toEqual({
      primary: 'teal',
      background: 'ivory',
      text: 'rgb(20 20 20)',
      onPrimary: '#fff',
      error: '#b91c1c',
    })
  })

  test.each([
    ['light grey text on white', { primaryColor: '#2563eb', backgroundColor: '#ffffff', textColor: '#bbbbbb' }],
    ['a yellow button on white', { primaryColor: 'yellow', backgroundColor: 'white', textColor: 'black' }],
    ['orange on white (white label 2.8:1)', { primaryColor: '#f97316', backgroundColor: '#fff', textColor: '#111' }],
    [
      'a dark theme with the default blue and red',
      { primaryColor: '#2563eb', backgroundColor: '#111827', textColor: '#374151' },
    ],
    [
      'a translucent background and text',
      { primaryColor: 'hsl(210 50% 60% / 50%)', backgroundColor: 'rgba(0, 0, 0, 0.5)', textColor: '#77777780' },
    ],
  ])('%s is corrected until every pair reads at 4.5:1', (_, theme) => {
    const colors = pageColors(theme)
    for (const [fg, bg] of [
      [colors.text, colors.background],
      [colors.primary, colors.background],
      [colors.error, colors.background],
      [colors.onPrimary, colors.primary],
    ]) {
      expect(ratio(fg, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    }
  })

  test('any three colours give pages whose text, links, errors and button label all reach 4.5:1', () => {
    const channel = fc.integer({ min: 0, max: 255 })
    const color = fc
      .tuple(channel, channel, channel, fc.integer({ min: 0, max: 100 }))
      .map(([r, g, b, a]) => `rgb(${r} ${g} ${b} / ${a}%)`)
    fc.assert(
      fc.property(color, color, color, (primaryColor, backgroundColor, textColor) => {
        const colors = pageColors({ primaryColor, backgroundColor, textColor })
        return [
          [colors.text, colors.background],
          [colors.primary, colors.background],
          [colors.error, colors.background],
          [colors.onPrimary, colors.primary],
        ].every(([fg, bg]) => ratio(fg, bg) >= TEXT_CONTRAST)
      }),
    )
  })

  test('out-of-range channels count as CSS clamps them', () => {
    expect(
      pageColors({ primaryColor: 'rgb(0 0 900)', backgroundColor: 'hsl(0 0% 150%)', textColor: 'rgb(-5 -5 -5)' }),
    ).toEqual({
      primary: 'rgb(0 0 900)',
      background: 'hsl(0 0% 150%)',
      text: 'rgb(-5 -5 -5)',
      onPrimary: '#fff',
      error: '#b91c1c',
    })
  })

  test('a stored value that is no colour never reaches the page', () => {
    expect(pageColors({ primaryColor: 'red}</style>', backgroundColor: 'url(x)', textColor: '' })).toEqual(
      pageColors(DEFAULT_THEME),
    )
  })
})
