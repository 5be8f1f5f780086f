/**
 * @module Readable page colours (WCAG 2.2 AA). The fill-in and report pages use the
 * owner's colours where they are readable and otherwise the nearest readable ones: each
 * colour is moved towards black or white only as far as it takes for text, links, the
 * focus ring, error messages and the button's label to reach 4.5:1 on what is behind them.
 */
import { DEFAULT_COLORS, parseCssColor, type Rgba } from './colors.ts'
import type { Theme } from './schemas.ts'

/** WCAG's minimum contrast for normal text (1.4.3), which the pages hold every text colour to. */
export const TEXT_CONTRAST = 4.5

/** The error red of the pages when the background allows it. */
const ERROR_RED = '#b91c1c'

type Rgb = [number, number, number]

const BLACK: Rgb = [0, 0, 0]
const WHITE: Rgb = [255, 255, 255]

/** The colours a page is drawn with, as CSS colour text. */
export interface PageColors {
  primary: string
  background: string
  text: string
  /** The button label on the primary colour. */
  onPrimary: string
  error: string
}

const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

// Channels are rounded as soon as colours are blended, so a ratio is measured on the very colour written out.
const over = ([r, g, b, a]: Rgba, below: Rgb): Rgb =>
  [r, g, b].map((c, i) => Math.round(c * a + below[i] * (1 - a))) as Rgb

const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((c, i) => Math.round(c + (to[i] - c) * share)) as Rgb

const hex = (rgb: Rgb): string => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`

/**
 * `color` as given when it reads on `background`, else moved towards black or white until
 * it does. A value that is no colour (a stored value an older rule let through) is
 * replaced by `fallback`, so only colour text ever reaches the style element.
 */
function readableOn(given: string, background: Rgb, fallback: string): { rgb: Rgb; css: string } {
  const color = parseCssColor(given) ? given.trim() : fallback
  const rgba = parseCssColor(color)!
  const parsed = over(rgba, background)
  // A translucent colour is given as what it looks like, so the ratio holds for what is drawn.
  if (contrastRatio(parsed, background) >= TEXT_CONTRAST)
    return { rgb: parsed, css: rgba[3] === 1 ? color : hex(parsed) }
  const extreme = contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(parsed, extreme, step / 20)
    if (contrastRatio(candidate, background) >= TEXT_CONTRAST) return { rgb: candidate, css: hex(candidate) }
  }
  return { rgb: extreme, css: hex(extreme) }
}

/** The colours of a page with `theme`: the owner's where readable, corrected where not. */
export function pageColors(theme: Pick<Theme, 'primaryColor' | 'backgroundColor' | 'textColor'>): PageColors {
  const background = over(parseCssColor(theme.backgroundColor) ?? parseCssColor(DEFAULT_COLORS.backgroundColor)!, WHITE)
  const backgroundCss = parseCssColor(theme.backgroundColor)?.[3] === 1 ? theme.backgroundColor.trim() : hex(background)
  const primary = readableOn(theme.primaryColor, background, DEFAULT_COLORS.primaryColor)
  const onPrimary =
    contrastRatio(WHITE, primary.rgb) >= TEXT_CONTRAST ||
    contrastRatio(WHITE, primary.rgb) >= contrastRatio(BLACK, primary.rgb)
      ? '#fff'
      : '#000'
  return {
    primary: primary.css,
    background: backgroundCss,
    text: readableOn(theme.textColor, background, DEFAULT_COLORS.textColor).css,
    onPrimary,
    error: readableOn(ERROR_RED, background, ERROR_RED).css,
  }
}
