/**
 * @module The CSS of the fill-in and report pages: a small mobile-first base sheet, the
 * theme's colours (made readable, see core/connect/contrast.ts) and font as custom
 * properties, then the owner's custom CSS. Theme
 * values are checked again here (not only when saved), so a stored value that slipped
 * past an older rule still cannot break out of the style element.
 */
import { pageColors } from '../contract/connect/contrast.ts'
import { customCssProblems } from '../contract/connect/css.ts'
import { FONT_STACKS } from '../contract/connect/fonts.ts'
import type { Theme } from '../contract/connect/schemas.ts'

const BASE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.5 var(--font);-webkit-text-size-adjust:100%}
main{max-width:42rem;margin:0 auto;padding:1.5rem 1rem 4rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
a{color:var(--primary)}
.logo{max-height:64px;max-width:100%;display:block;margin-bottom:1rem}
.lead{margin-top:0}
.languages ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 .5rem;padding:0}
.languages a,.languages span{display:inline-block;padding:.5rem 0;min-height:44px}
.languages span{font-weight:600}
.pre-line{white-space:pre-line}
.note{font-size:.95rem;border-left:4px solid var(--error);padding-left:.75rem}
.question{margin:0 0 1.5rem;padding:0;border:0}
.question>label:not(.choice),.question>legend{display:block;font-weight:600;margin-bottom:.35rem;padding:0}
.req{color:var(--error);margin-left:.2em}
.hint{font-size:.9rem;margin:.1rem 0 .4rem}
input[type=text],input[type=email],input[type=tel],input[type=url],input[type=number],input[type=date],input[type=time],input[type=datetime-local],select,textarea{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid color-mix(in srgb,var(--fg) 65%,var(--bg));border-radius:.4rem;background:var(--bg);color:var(--fg)}
textarea{min-height:6rem}
.choice{display:flex;align-items:center;gap:.6rem;padding:.35rem 0;min-height:44px}
.choice input{width:1.2rem;height:1.2rem;margin:0;accent-color:var(--primary)}
.inline>.choice{display:inline-flex;margin-right:1.25rem}
input[type=file]{font:inherit;max-width:100%;padding:.4rem 0}
input[type=file]::file-selector-button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1rem;margin-right:.75rem;border:1px solid var(--primary);border-radius:.4rem;background:var(--bg);color:var(--primary);cursor:pointer}
.upload{margin:0 0 1rem}
.upload label{display:block;font-weight:600;margin-bottom:.35rem}
.upload progress{width:100%;height:1rem;accent-color:var(--primary)}
.progress{display:block;width:100%;height:.75rem;margin:0 0 1.25rem;accent-color:var(--primary)}
:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
.error{color:var(--error);font-size:.95rem;margin:.35rem 0 0}
.errors{border:3px solid var(--error);border-radius:.4rem;padding:.75rem 1rem;margin-bottom:1.5rem}
.errors:empty{border:0;padding:0;margin:0}
.errors h2{margin:0 0 .5rem}
.errors ul{margin:0;padding-left:1.25rem}
.errors a{color:var(--error);font-weight:600}
button{font:inherit;font-weight:600;padding:.75rem 1.5rem;min-height:44px;border:0;border-radius:.4rem;background:var(--primary);color:var(--on-primary);cursor:pointer}
button.secondary{background:transparent;color:var(--primary);border:1px solid var(--primary)}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.way-back{margin-top:1.5rem}
details{margin:1rem 0}
summary{cursor:pointer}
.hp{position:absolute!important;left:-10000px!important;width:1px;height:1px;overflow:hidden}
.score{border-left:4px solid var(--primary);padding:.25rem 0 .25rem 1rem;margin:1rem 0}
.score .value{font-size:1.4rem;font-weight:700}
.chart{width:100%;max-width:480px;height:auto;margin:1rem 0;display:block}
.chart text{fill:var(--fg);font:16px var(--font)}
.chart .bar{fill:var(--primary)}
.chart .track{fill:color-mix(in srgb,var(--fg) 10%,transparent)}
.expert{display:flex;gap:1rem;align-items:flex-start;margin:1rem 0}
.expert img{width:64px;height:64px;border-radius:50%;object-fit:cover}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
[hidden],.question[data-skipped]{display:none!important}
`

/** The whole style sheet for a page with `theme`. */
export function themeCss(theme: Theme): string {
  const font = FONT_STACKS[theme.fontFamily] ?? FONT_STACKS.system
  const colors = pageColors(theme)
  const vars = `:root{--primary:${colors.primary};--bg:${colors.background};--fg:${colors.text};--on-primary:${colors.onPrimary};--error:${colors.error};--font:${font}}`
  const custom =
    theme.customCss && customCssProblems(theme.customCss).length === 0 ? `\n/* custom */\n${theme.customCss}` : ''
  return `${vars}${BASE}${custom}`
}
