/**
 * @module The HTML document around the public pages, and the Content-Security-Policy they
 * are served with: no script but our own file, styles only inline, images only over https
 * or data:, forms only to this origin.
 */
import type { Theme } from '../contract/connect/schemas.ts'
import { html, trusted, type Html } from './html.ts'
import { themeCss } from './theme-style.ts'

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"

/** Headers for a public HTML page. */
export const pageHeaders = (status = 200): ResponseInit => ({
  status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': PAGE_CSP,
    'cache-control': 'no-store',
  },
})

export interface DocumentOptions {
  title: string
  theme: Theme
  body: Html
  /** Path of a script served by this server. */
  script?: string
  /** The page's language tag; en when left out. */
  lang?: string
}

/** A complete HTML document. */
export function document({ title, theme, body, script, lang = 'en' }: DocumentOptions): string {
  return `<!doctype html>\n${html`<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${trusted(themeCss(theme))}</style>
${script ? html`<script src="${script}" defer></script>` : ''}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`}`
}
