/**
 * @module Fills and "submits" an HTML form the way a browser builds its form data set,
 * without a browser: every control of the page in document order (HTMLRewriter), text
 * controls filled with the wanted text, radio buttons and checkboxes checked when their
 * value is wanted, a select set to the wanted option, line breaks sent as CRLF. A wanted value that no control can
 * hold (no such option, not a number for type=number) throws, so a test learns that the
 * form cannot express it.
 */
import { fieldTypeSpec, type FieldType } from '../../server/contract/fields/types/index.ts'

/** Line breaks as browsers post them: every form entry's line breaks become CRLF (HTML's form data set). */
const crlf = (text: string): string => text.replace(/\r\n|\r|\n/g, '\r\n')

/**
 * A type's example value, the texts a form posts for it, and what the endpoint stores from
 * them: the example itself, with its line breaks as CRLF, as a browser sends them, in its
 * type's stored form (a consent keeps `field`'s label as the text agreed to).
 */
export function formExample(
  type: FieldType,
  options: readonly string[] | null,
  field: { name: string; label?: string } = { name: 'answer' },
): { texts: string[]; stored: unknown } {
  const spec = fieldTypeSpec(type)
  const value = spec.example(options)
  // A form sends text, and the field's type reads it back (docs/design.md rule 9): what is stored is the example.
  const read =
    typeof value === 'string'
      ? crlf(value)
      : Array.isArray(value)
        ? value.map((item) => (typeof item === 'string' ? crlf(item) : item))
        : value
  return { texts: spec.form.texts(value), stored: spec.store ? spec.store(read, field) : read }
}

interface Control {
  tag: 'input' | 'textarea' | 'select'
  name: string
  type: string
  value: string
  /** A select's option values. */
  options: string[]
}

// HTMLRewriter hands attributes over as written: undo the five escapes the pages use.
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' }
const decode = (text: string): string => text.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity])

/** The named controls of `html`, in document order. */
async function controlsOf(html: string): Promise<Control[]> {
  const controls: Control[] = []
  let select: Control | null = null
  await new HTMLRewriter()
    .on('input, textarea, select, option', {
      element(el) {
        if (el.tagName === 'option') {
          select?.options.push(decode(el.getAttribute('value') ?? ''))
          return
        }
        const name = el.getAttribute('name')
        if (name === null) return
        const control: Control = {
          tag: el.tagName as Control['tag'],
          name: decode(name),
          type: (el.getAttribute('type') ?? 'text').toLowerCase(),
          value: decode(el.getAttribute('value') ?? ''),
          options: [],
        }
        controls.push(control)
        if (el.tagName === 'select') select = control
      },
    })
    .transform(new Response(html))
    .text()
  return controls
}

// What browsers accept as the value of an <input type=number>, date, time, datetime-local, email and url (HTML's value sanitization and type checks).
const VALID: Record<string, RegExp> = {
  number: /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/,
  'datetime-local': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/,
  email: /^[^\s@]+@[^\s@]+$/,
  url: /^[a-z][a-z0-9+.-]*:\S*$/i,
}

/**
 * The name/value pairs a browser posts for `html`'s form with `wanted` filled in (texts by
 * field name, several for a multiple choice); unwanted text controls post "" and unwanted
 * choices nothing, as in a browser.
 */
export async function fillForm(html: string, wanted: Record<string, string[]>): Promise<Array<[string, string]>> {
  const pairs: Array<[string, string]> = []
  const used = new Map<string, Set<string>>()
  const use = (name: string, text: string) => used.set(name, (used.get(name) ?? new Set()).add(text))
  for (const control of await controlsOf(html)) {
    const texts = Object.hasOwn(wanted, control.name) ? wanted[control.name] : []
    if (control.tag === 'input' && (control.type === 'radio' || control.type === 'checkbox')) {
      if (texts.includes(control.value)) {
        pairs.push([control.name, control.value])
        use(control.name, control.value)
      }
    } else if (control.tag === 'select') {
      const text = texts[0] ?? control.options[0] ?? ''
      if (!control.options.includes(text))
        throw new Error(`the select list ${control.name} has no option ${JSON.stringify(text)}`)
      pairs.push([control.name, text])
      use(control.name, text)
    } else if (control.type !== 'submit' && control.type !== 'button') {
      // A hidden input posts the value the page gave it (the page stamp, a hidden field's link value).
      const text = texts[0] ?? (control.type === 'hidden' ? control.value : '')
      if (texts.length > 1)
        throw new Error(`the ${control.type} control ${control.name} holds one text, not ${texts.length}`)
      if (text !== '' && VALID[control.type] && !VALID[control.type].test(text))
        throw new Error(`an <input type=${control.type}> cannot hold ${JSON.stringify(text)}`)
      pairs.push([control.name, text])
      if (texts.length > 0) use(control.name, text)
    }
  }
  for (const [name, texts] of Object.entries(wanted)) {
    const missing = texts.filter((text) => !used.get(name)?.has(text))
    if (missing.length > 0) throw new Error(`no control of ${JSON.stringify(name)} can post ${JSON.stringify(missing)}`)
  }
  return pairs.map(([name, value]) => [crlf(name), crlf(value)])
}
