/**
 * @module Custom CSS rules. The CSS goes into a <style> element of public pages, so it
 * must not close that element, load anything from another origin (tracking, or
 * stylesheets that change the page behind the owner's back) or run script in old
 * browsers. The CSS is read with a spec-conformant tokenizer (@csstools/css-tokenizer), so
 * comments, escapes (`u\rl(`) and quotes (`url("//host/a)b")`) mean what they mean to a
 * browser, and every URL a browser would load is checked. Offending CSS is refused with
 * every problem listed rather than silently edited, so the owner sees exactly what was not
 * accepted.
 */
import { tokenize, TokenType, type CSSToken } from '@csstools/css-tokenizer'
import { quoteValue, type Problem } from '../errors.ts'

export interface Rule {
  /** True when this token breaks the rule. */
  refuses(token: CSSToken): boolean
  message: string
}

const lowerValue = (token: CSSToken): string => {
  const data = token[4] as { value?: unknown } | undefined
  return typeof data?.value === 'string' ? data.value.toLowerCase() : ''
}
const isAt = (token: CSSToken, ...names: string[]) =>
  token[0] === TokenType.AtKeyword && names.includes(lowerValue(token))

// Exported so the connect skill document lists exactly what is refused. Names are compared
// after the tokenizer has decoded escapes, so `@im\port` is @import.
export const CSS_RULES: readonly Rule[] = [
  { refuses: (token) => token[1].includes('<'), message: 'cannot contain "<" (it could close the style element)' },
  { refuses: (token) => isAt(token, 'import'), message: 'cannot use @import' },
  {
    refuses: (token) => token[0] === TokenType.Function && lowerValue(token) === 'expression',
    message: 'cannot use expression()',
  },
  {
    refuses: (token) => token[0] === TokenType.Ident && ['-moz-binding', 'behavior'].includes(lowerValue(token)),
    message: 'cannot use -moz-binding or behavior',
  },
  {
    refuses: (token) => isAt(token, 'namespace', 'font-face'),
    message: 'cannot use @namespace or @font-face (fonts come from the system stacks)',
  },
  {
    refuses: (token) => token[0] === TokenType.BadURL,
    message: 'cannot contain a malformed url() (quotes, spaces or "(" inside an unquoted url)',
  },
]

/** Functions whose string arguments are URLs a browser loads: `url("…")`, `src("…")`, `image-set("…" 1x)`, `image("…")`. */
const URL_FUNCTIONS = new Set(['url', 'src', 'image-set', '-webkit-image-set', 'image', '-webkit-image'])

/**
 * Functions whose value is text from elsewhere (a custom property, the browser, an attribute):
 * inside a URL function they would make it load an address no string token here shows
 * (`--u: "https://…"; background: image-set(var(--u) 1x)`), so they are refused there.
 */
export const SUBSTITUTING_FUNCTIONS = ['var', 'env', 'attr'] as const
const SUBSTITUTING = new Set<string>(SUBSTITUTING_FUNCTIONS)

/** The refusal of `substitute()` inside the URL function `urlFunction()`. */
export const substitutionMessage = (urlFunction: string, substitute: string): string =>
  `${urlFunction}(${substitute}(…)) is refused: a URL in custom CSS must be written out, not taken from var(), env() or attr()`

/**
 * Stand-ins for the pages' address: a URL is same-origin when it stays on the page's origin
 * from a page served over http and over https, under two host names, alike (so neither
 * `https:evil.example` nor `//svc.example/x` passes as relative). A stored theme is shown
 * under whatever host name the server answers to, so only relative references count, never
 * a URL naming a host.
 */
const PAGE_BASES = ['http://page-a.svc.invalid/f/page/', 'https://page-b.svc.invalid/f/page/']
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|svg\+xml)[;,]/i

/** True when a browser would load `target` from the page's own origin, or from the data:image URL itself. */
export function allowedCssUrl(target: string): boolean {
  return PAGE_BASES.every((base) => {
    const url = URL.parse(target, base)
    if (url === null) return false
    return url.protocol === 'data:' ? DATA_IMAGE.test(url.href) : url.origin === new URL(base).origin
  })
}

/** Every reason `css` is not acceptable as custom CSS (empty when it is fine). */
export function customCssProblems(css: string, path = 'customCss'): Problem[] {
  const broken = new Set<Rule>()
  const urls: Problem[] = []
  // The functions and blocks open at the current token, to know which strings are URLs.
  const open: Array<{ name: string; close: TokenType }> = []
  const checkUrl = (name: string, target: string) => {
    if (!allowedCssUrl(target))
      urls.push({
        path,
        message: `${name}(${quoteValue(target)}) is refused: a URL in custom CSS must be a relative path on this server or a data:image URL`,
      })
  }
  for (const token of tokenize({ css })) {
    for (const rule of CSS_RULES) if (rule.refuses(token)) broken.add(rule)
    switch (token[0]) {
      case TokenType.URL:
        checkUrl('url', (token[4] as { value: string }).value)
        break
      case TokenType.String: {
        const urlFunction = open.findLast((block) => URL_FUNCTIONS.has(block.name))
        if (urlFunction) checkUrl(urlFunction.name, (token[4] as { value: string }).value)
        break
      }
      case TokenType.Function: {
        const name = lowerValue(token)
        const urlFunction = SUBSTITUTING.has(name) ? open.findLast((block) => URL_FUNCTIONS.has(block.name)) : undefined
        if (urlFunction) urls.push({ path, message: substitutionMessage(urlFunction.name, name) })
        open.push({ name, close: TokenType.CloseParen })
        break
      }
      case TokenType.OpenParen:
        open.push({ name: '', close: TokenType.CloseParen })
        break
      case TokenType.OpenSquare:
        open.push({ name: '', close: TokenType.CloseSquare })
        break
      case TokenType.OpenCurly:
        open.push({ name: '', close: TokenType.CloseCurly })
        break
      case TokenType.CloseParen:
      case TokenType.CloseSquare:
      case TokenType.CloseCurly:
        // A closer that does not match the innermost block is an ordinary token in CSS.
        if (open.at(-1)?.close === token[0]) open.pop()
        break
    }
  }
  return [...CSS_RULES.filter((rule) => broken.has(rule)).map((rule) => ({ path, message: rule.message })), ...urls]
}
