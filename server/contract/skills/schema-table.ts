/**
 * @module Renders an operation's zod input schema as a Markdown table (key, type, required,
 * what it means), from the same schema the route, CLI and MCP tool validate with, so the
 * skill documents list exactly the keys the server accepts.
 */
import { z } from 'zod'

interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  default?: unknown
  description?: string
  exclusiveMinimum?: number
  minimum?: number
}

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ')
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ')
  if (schema.type === 'array')
    return `array of ${schema.items?.type === 'object' ? 'objects' : typeOf(schema.items ?? {})}`
  if (schema.type === 'object') return 'object'
  const base = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any')
  if (schema.exclusiveMinimum !== undefined) return `${base} > ${schema.exclusiveMinimum}`
  if (schema.minimum !== undefined) return `${base} ≥ ${schema.minimum}`
  return base
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** A Markdown table of the body keys of `schema` (an object schema); `notes` adds to a key's meaning. */
export function bodyTable(schema: z.ZodType, notes: Record<string, string> = {}): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  const required = new Set(json.required ?? [])
  const rows = Object.entries(json.properties ?? {}).map(([key, property]) => {
    const description = property.description ?? ''
    const fallback =
      property.default !== undefined && !/default/i.test(description)
        ? `default ${JSON.stringify(property.default)}`
        : ''
    const meaning = [description, notes[key] ?? '', fallback].filter(Boolean).join('; ')
    return `| \`${key}\` | ${typeOf(property)} | ${required.has(key) ? 'yes' : 'no'} | ${cell(meaning)} |`
  })
  return ['| key | type | required | meaning |', '|---|---|---|---|', ...rows].join('\n')
}
