/**
 * @module Skill document "connect": the styling of an app's fill-in and report pages, as
 * the server enforces it. The font stacks, layouts, defaults, the custom-CSS refusals and
 * the example errors come from the connect module itself.
 */
import { CSS_RULES, customCssProblems } from '../connect/css.ts'
import { FONT_STACKS } from '../connect/fonts.ts'
import { DEFAULT_THEME, LAYOUTS, setThemeSchema, type Layout } from '../connect/schemas.ts'
import { ASSESSMENT } from '../limits.ts'
import { bodyTable } from './schema-table.ts'

const LAYOUT_MEANING: Record<Layout, string> = {
  all: 'every question on one page',
  'one-per-screen':
    'one question at a time with Next/Back (with JavaScript; without it the page falls back to all on one page)',
}

const REFUSED_EXAMPLE = '@import "https://cdn.example/x.css"; body { background: url(https://tracker.example/p.png) }'

/** The rules for page styling: theme properties, fonts, custom CSS, commands, routes, errors. */
export function connectSkill(): string {
  return `# Skill: connect (page styling)

**connect** styles the pages respondents see: the fill-in page \`{base}/f/<token>\` (the form, served once the app is published) and their report \`{base}/r/<recordId>?k=<key>\`. An app starts with the default theme; \`connect set\` changes only what you pass, \`connect reset\` goes back to the defaults. Pages load nothing from other origins: no web fonts, no CDN, no external stylesheets.

## Theme properties
${bodyTable(setThemeSchema, {
  primaryColor: `default \`${DEFAULT_THEME.primaryColor}\``,
  backgroundColor: `page background; default \`${DEFAULT_THEME.backgroundColor}\``,
  textColor: `default \`${DEFAULT_THEME.textColor}\``,
  fontFamily: `default \`${DEFAULT_THEME.fontFamily}\``,
  logoUrl: `up to ${ASSESSMENT.maxUrlLength} characters; default none`,
  layout: `default \`${DEFAULT_THEME.layout}\``,
  buttonText: `the submit button, up to ${ASSESSMENT.maxButtonTextLength} characters; default \`${DEFAULT_THEME.buttonText}\``,
  customCss: `up to ${ASSESSMENT.maxCustomCssLength} characters; see below`,
})}

- **Colours**: \`#rgb\`, \`#rgba\`, \`#rrggbb\`, \`#rrggbbaa\`, \`rgb()\`/\`rgba()\`/\`hsl()\`/\`hsla()\` with plain numbers, or a CSS colour name (\`teal\`, \`navy\`…). Anything else is refused, so a colour can never carry other CSS.
- **Logo**: an absolute \`http://\` or \`https://\` image URL without user name or password; \`null\` (CLI: \`none\`) removes it.
- **Layouts**: ${LAYOUTS.map((layout) => `\`${layout}\` — ${LAYOUT_MEANING[layout]}`).join('; ')}.

## Font families (system stacks only)
${Object.entries(FONT_STACKS)
  .map(([name, stack]) => `- \`${name}\`: ${stack}`)
  .join('\n')}

## Custom CSS
Added after the theme's own styles on both pages, up to ${ASSESSMENT.maxCustomCssLength} characters. It is read as a browser reads it (comments, quotes and escapes such as \`u\\rl(\` included) and refused — never silently edited — with every problem listed. Custom CSS:
${CSS_RULES.map((rule) => `- ${rule.message};`).join('\n')}
- may load only relative paths on this server (\`url(/static/dot.png)\`, \`url(img/a.png)\`, \`url(#shape)\`) and \`data:image/…\` URLs (png, gif, jpeg, webp, svg+xml), in \`url()\`, \`src()\`, \`image()\` and \`image-set()\` alike; an absolute URL, even to this server, and a protocol-relative \`//host/…\` are refused.
- cannot take a URL function's address from \`var()\`, \`env()\` or \`attr()\` (\`image-set(var(--u) 1x)\` is refused): write the URL in the function itself.

For example \`${REFUSED_EXAMPLE}\` is refused with:
${customCssProblems(REFUSED_EXAMPLE)
  .map((problem) => `- "${problem.message}"`)
  .join('\n')}

Tips: target the pages' own elements (\`body\`, \`h1\`, \`label\`, \`button\`, \`input\`); colours set here override the theme's.

## Commands
Every command needs login and \`--app <appId>\`; the theme flags are \`--primary-color\`, \`--background-color\`, \`--text-color\`, \`--font-family\`, \`--logo-url\`, \`--layout\`, \`--button-text\`, \`--custom-css\`. Add \`--json\` for machine-readable output.
- \`svc-cli connect get\` — \`svc-cli connect get --app $APP\`
- \`svc-cli connect set\` — \`svc-cli connect set --app $APP --primary-color "#0f766e" --font-family humanist --layout one-per-screen --button-text "See my results"\`
- \`svc-cli connect reset\` — \`svc-cli connect reset --app $APP --yes\` (custom CSS is lost)
- \`svc-cli connect preview\` — \`svc-cli connect preview --app $APP --primary-color teal > preview.html\` (the fill-in page as HTML; flags are tried without being saved)

## HTTP routes
All under \`/api/v3/apps/:id/connect\`, with \`Authorization: Bearer <token>\`; answers are \`{code:200, data}\`.

| method | path | body | data |
|---|---|---|---|
| GET | /api/v3/apps/:id/connect | | \`Theme\` |
| PATCH | /api/v3/apps/:id/connect | theme properties (any subset) | \`Theme\` |
| POST | /api/v3/apps/:id/connect/reset | | \`Theme\` (the defaults) |
| POST | /api/v3/apps/:id/connect/preview | theme properties to try (optional) | \`{theme, html}\` |
| GET | /api/v3/apps/:id/connect/preview | | the fill-in page as respondents see it (HTML, published or not; sandboxed, nothing it sends is stored) |

\`Theme\` = every property above with its current value. Public pages: \`GET /f/<token>\` (fill-in), \`POST /f/<token>\` (no-JavaScript submission), \`GET /r/<recordId>?k=<key>\` (report).

## Common errors and how to fix them
- 422 \`customCss\` — each refused construct is listed (see above); remove it, or host images on this server and use a relative \`url()\`.
- 422 \`primaryColor\` "must be a CSS colour: #rgb, #rrggbb, rgb(…), hsl(…) or a colour name" — variables and gradients are not colours here; put them in custom CSS.
- 422 \`fontFamily\` — pick one of ${Object.keys(FONT_STACKS)
    .map((f) => `\`${f}\``)
    .join(', ')}; web fonts cannot be loaded.
- 422 \`logoUrl\` — give an absolute https:// URL, or \`none\`.
- The fill-in page answers 404 — the app is not published: \`svc-cli share publish --app $APP\`.
`
}
