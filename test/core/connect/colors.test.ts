import { describe, expect, test } from 'bun:test'
import { isCssColor } from '../../../server/contract/connect/colors.ts'

describe('isCssColor', () => {
  test.each([
    '#fff',
    '#FFFA',
    '#2563eb',
    '#2563eb80',
    'rgb(1, 2, 3)',
    'rgba(1,2,3,0.5)',
    'rgb(1 2 3 / 50%)',
    'hsl(210deg 50% 40%)',
    'hsla(210, 50%, 40%, .3)',
    'RebeccaPurple',
    'transparent',
  ])('%p is a colour', (value) => {
    expect(isCssColor(value)).toBe(true)
  })

  test.each([
    '#ggg',
    '#12345',
    'red;',
    'red } body { x',
    'url(x)',
    'rgb(1,2)',
    'expression(alert(1))',
    'var(--x)',
    'rgb(1,2,3);color:red',
    '',
  ])('%p is refused', (value) => {
    expect(isCssColor(value)).toBe(false)
  })
})
