/**
 * @module CSS colour values a theme accepts: hex (#rgb, #rgba, #rrggbb, #rrggbbaa),
 * rgb()/rgba()/hsl()/hsla() with plain numbers, and the CSS named colours. Anything else
 * is refused, so a colour can never carry other CSS into the page's style element. Every
 * accepted colour can also be read as sRGB numbers, so its contrast can be measured.
 */

/** The default theme's colours (schemas.ts), here so the admin page can use them without the schemas. */
export const DEFAULT_COLORS = { primaryColor: '#2563eb', backgroundColor: '#ffffff', textColor: '#1f2937' } as const

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)%?`
const FUNCTIONAL = new RegExp(
  String.raw`^(?:rgba?|hsla?)\(\s*${NUM}(?:deg)?(?:\s*,\s*${NUM}){2}(?:\s*,\s*${NUM})?\s*\)$|^(?:rgba?|hsla?)\(\s*${NUM}(?:deg)?(?:\s+${NUM}){2}(?:\s*\/\s*${NUM})?\s*\)$`,
  'i',
)

/** The CSS named colours and their sRGB values, as `name rrggbb` pairs. */
const NAMED = new Map<string, string>(
  (
    'aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc ' +
    'bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a ' +
    'burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 ' +
    'cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b ' +
    'darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b ' +
    'darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000 ' +
    'darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f ' +
    'darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff dimgray 696969 ' +
    'dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 forestgreen 228b22 ' +
    'fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080 ' +
    'green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 indianred cd5c5c ' +
    'indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00 ' +
    'lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2 ' +
    'lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a ' +
    'lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 ' +
    'lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff ' +
    'maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db ' +
    'mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc ' +
    'mediumvioletred c71585 midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 ' +
    'navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 ' +
    'orangered ff4500 orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee ' +
    'palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd ' +
    'powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 ' +
    'saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d ' +
    'silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa ' +
    'springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 ' +
    'turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 ' +
    'yellowgreen 9acd32'
  )
    .trim()
    .split(' ')
    .flatMap((word, i, words) => (i % 2 === 0 ? [[word, words[i + 1]] as [string, string]] : [])),
)

/** True when `value` is a CSS colour in one of the accepted notations. */
export function isCssColor(value: string): boolean {
  const text = value.trim()
  return (
    HEX.test(text) || FUNCTIONAL.test(text) || text.toLowerCase() === 'transparent' || NAMED.has(text.toLowerCase())
  )
}

/** A colour as sRGB channels 0–255 and alpha 0–1. */
export type Rgba = [number, number, number, number]

const channel = (text: string, scale: number): number =>
  text.endsWith('%') ? (parseFloat(text) / 100) * scale : parseFloat(text)

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0) * 255, f(8) * 255, f(4) * 255]
}

const clamp = (n: number, max: number): number => Math.min(max, Math.max(0, n))

/** Channels as CSS uses them: out-of-range numbers (`rgb(300 0 0)`) are clamped. */
const clamped = ([r, g, b, a]: Rgba): Rgba => [clamp(r, 255), clamp(g, 255), clamp(b, 255), clamp(a, 1)]

/** The sRGB value of a colour isCssColor accepts (clamped to the sRGB range); null for anything else. */
export function parseCssColor(value: string): Rgba | null {
  return isCssColor(value) ? clamped(channelsOf(value.trim().toLowerCase())) : null
}

/** The channels of an accepted colour in lower case, before clamping. */
function channelsOf(text: string): Rgba {
  if (text === 'transparent') return [0, 0, 0, 0]
  const hex = text.startsWith('#') ? text.slice(1) : NAMED.get(text)
  if (hex !== undefined) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex
    const [r, g, b, a = 255] = full.match(/../g)!.map((pair) => parseInt(pair, 16))
    return [r, g, b, a / 255]
  }
  const [name, ...parts] = text.split(/[\s,()/]+/).filter(Boolean)
  const alpha = parts[3] === undefined ? 1 : channel(parts[3], 1)
  if (name.startsWith('rgb')) return [channel(parts[0], 255), channel(parts[1], 255), channel(parts[2], 255), alpha]
  const [r, g, b] = hslToRgb(
    ((parseFloat(parts[0]) % 360) + 360) % 360,
    clamp(parseFloat(parts[1]) / 100, 1),
    clamp(parseFloat(parts[2]) / 100, 1),
  )
  return [r, g, b, alpha]
}
