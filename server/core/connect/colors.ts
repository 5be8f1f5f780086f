/**
 * @module CSS colour values a theme accepts: hex (#rgb, #rgba, #rrggbb, #rrggbbaa),
 * rgb()/rgba()/hsl()/hsla() with plain numbers, and the CSS named colours. Anything else
 * is refused, so a colour can never carry other CSS into the page's style element.
 */

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)%?`
const FUNCTIONAL = new RegExp(String.raw`^(?:rgba?|hsla?)\(\s*${NUM}(?:deg)?(?:\s*,\s*${NUM}){2}(?:\s*,\s*${NUM})?\s*\)$|^(?:rgba?|hsla?)\(\s*${NUM}(?:deg)?(?:\s+${NUM}){2}(?:\s*\/\s*${NUM})?\s*\)$`, 'i')

const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
    'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
    'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
    'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
    'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen ' +
    'lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke ' +
    'yellow yellowgreen transparent'
  ).split(' '),
)

/** True when `value` is a CSS colour in one of the accepted notations. */
export function isCssColor(value: string): boolean {
  const text = value.trim()
  return HEX.test(text) || FUNCTIONAL.test(text) || NAMED.has(text.toLowerCase())
}
