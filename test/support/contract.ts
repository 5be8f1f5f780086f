/**
 * @module Checks an answer against the OpenAPI document (server/contract/api/openapi.ts)
 * with Ajv, a JSON Schema 2020-12 validator: the route must be in the document, the status
 * one it lists for that operation, the content type the one it declares, and a JSON body
 * must match the declared schema (an error: the envelope, with a type that status may
 * carry). Every answer the suite's request helpers receive goes through here, so the whole
 * suite is a contract test.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { openapiDocument, openapiPath, UNDOCUMENTED } from '../../server/contract/api/openapi.ts'
import { routeOf } from '../../server/contract/api/routes.ts'
import { VERSION } from '../../server/contract/version.ts'

/**
 * JSON a test reads by path where no operation types it: a generated document (the OpenAPI
 * document, a JSON Schema), a command's or tool's JSON output, an answer read over raw HTTP,
 * a plan made invalid on purpose. What the test reads is spelled by the path it walks.
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON no operation types, walked generically by path
export type JsonDocument = any

type Json = Record<string, JsonDocument>

interface PathEntry {
  template: string
  pattern: RegExp
  operations: Record<string, Json>
}

const DOCUMENT = openapiDocument({ serverUrl: 'http://localhost:8787', version: VERSION }) as Json
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
addFormats.default(ajv)
ajv.addSchema({ $id: 'svc', components: DOCUMENT.components })
const validators = new Map<string, ValidateFunction>()

/** The validator of a schema of the document, compiled once. */
function validatorOf(pointer: string, schema: Json): ValidateFunction {
  let validate = validators.get(pointer)
  if (!validate) {
    validate = ajv.compile({ $id: `svc-${validators.size}`, ...rewriteRefs(schema) })
    validators.set(pointer, validate)
  }
  return validate
}

/** `#/components/...` refs resolved against the document added as `svc`. */
const rewriteRefs = (schema: Json): Json =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"svc#/components/'))

/** A document path template (`/apps/{id}`, a trailing `{path}` for the rest) as a RegExp over request paths. */
const templatePattern = (template: string): RegExp =>
  new RegExp(
    `^${template
      .replace(/[.+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{path\}$/, '.*')
      .replace(/\{\w+\}/g, '[^/]+')}$`,
  )

const PATHS: PathEntry[] = Object.entries(DOCUMENT.paths as Record<string, Record<string, Json>>).map(
  ([template, operations]) => ({ template, operations, pattern: templatePattern(template) }),
)
// Literal paths win over templates (`/fields/accept` before `/fields/{field}`), as the router does it.
PATHS.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))

export interface AnswerSeen {
  method: string
  /** The request URL (or path). */
  url: string
  status: number
  contentType: string
  /** The text of the body when it is JSON (other bodies are not read). */
  text?: string
}

const isJson = (type: string) => /^application\/(?:[\w.+-]*\+)?json\b/.test(type)

/** What is wrong with `answer` according to the document; [] when it matches. */
export function contractProblems(answer: AnswerSeen): string[] {
  const method = answer.method.toUpperCase()
  const pathname = (URL.parse(answer.url, 'http://localhost')?.pathname ?? answer.url).replace(/(.)\/$/, '$1')
  // HEAD is its own operation where the table has one (tus), else the GET route's answer without its body.
  const keys = method === 'HEAD' ? ['head', 'get'] : [method.toLowerCase()]
  const takes = (candidate: PathEntry) => keys.some((key) => candidate.operations[key])
  // CORS preflight: machinery, described in the README; an OPTIONS the table has (tus) is checked.
  if (method === 'OPTIONS' && !PATHS.some((candidate) => candidate.pattern.test(pathname) && takes(candidate)))
    return []
  const what = `${method} ${pathname} → ${answer.status}`
  // The router looks per method: a literal path without this method leaves it to a template that has it (HEAD /records/delete is records.get).
  const entry =
    PATHS.find((candidate) => candidate.pattern.test(pathname) && takes(candidate)) ??
    PATHS.find((candidate) => candidate.pattern.test(pathname))
  let operation = keys.map((key) => entry?.operations[key]).find(Boolean)
  // ?help on a read answers what its help operation documents (x-help-operation).
  const help = operation?.['x-help-operation'] as string | undefined
  if (help && URL.parse(answer.url, 'http://localhost')?.searchParams.has('help')) operation = operationById(help)
  if (!operation) {
    if (undocumented(method, pathname)) return []
    // No such route: the one 404 (unknown path), or 405 when the path takes other methods (a
    // route a test adds for itself, such as one that throws, answers with the error envelope too).
    if (answer.status >= 400) return errorEnvelopeProblems(answer, what, { const: answer.status })
    return [`${what}: the document has no operation ${method} ${entry?.template ?? pathname}`]
  }
  const response = operation.responses[String(answer.status)]
  if (!response)
    return [
      `${what}: ${operation.operationId} does not list status ${answer.status} (it lists ${Object.keys(operation.responses).join(', ')})`,
    ]
  const content = response.content as Record<string, Json> | undefined
  if (!content)
    return method === 'HEAD' || !answer.text
      ? []
      : [`${what}: ${operation.operationId} declares no body for ${answer.status}, got ${answer.contentType}`]
  const declared = Object.keys(content)
  const type = declared.find(
    (candidate) => candidate === '*/*' || answer.contentType.split(';')[0].trim() === candidate,
  )
  if (!type)
    return [`${what}: content type ${answer.contentType || '(none)'} is not the declared ${declared.join(' or ')}`]
  if (!isJson(type) || method === 'HEAD') return []
  if (answer.text === undefined) return [`${what}: a JSON answer was not read`]
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return [`${what}: the body is not JSON: ${answer.text.slice(0, 200)}`]
  }
  const validate = validatorOf(`${operation.operationId} ${answer.status}`, content[type].schema)
  if (validate(body)) return []
  return [
    `${what}: the body does not match ${operation.operationId}'s ${answer.status} answer: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}; body: ${answer.text.slice(0, 500)}`,
  ]
}

/** The operation of the document with this operationId. */
function operationById(id: string): Json | undefined {
  for (const { operations } of PATHS)
    for (const operation of Object.values(operations)) if (operation.operationId === id) return operation
  return undefined
}

/** The machinery the document leaves out on purpose (the admin page's files, UNDOCUMENTED) is not checked against it. */
function undocumented(method: string, pathname: string): boolean {
  return [...UNDOCUMENTED].some((name) => {
    const route = routeOf(name)
    const sameMethod = route.method === method || (method === 'HEAD' && route.method === 'GET')
    return sameMethod && templatePattern(openapiPath(route.path)).test(pathname)
  })
}

const ERROR_FOR_ANY = rewriteRefs({ $ref: '#/components/schemas/Error' })

function errorEnvelopeProblems(answer: AnswerSeen, what: string, code: Json): string[] {
  if (!isJson(answer.contentType) || answer.text === undefined)
    return [`${what}: not the JSON error envelope (${answer.contentType})`]
  const validate = validatorOf(`error ${answer.status}`, { allOf: [ERROR_FOR_ANY, { properties: { code } }] })
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return [`${what}: the body is not JSON`]
  }
  return validate(body) ? [] : [`${what}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`]
}

/** Throws when `answer` breaks the document, naming every problem. */
export function assertContract(answer: AnswerSeen): void {
  const problems = contractProblems(answer)
  if (problems.length > 0)
    throw new Error(`The answer breaks the API contract (server/contract/api):\n${problems.join('\n')}`)
}

/**
 * An observer for a running test server (server/boot.ts `observe`): checks every answer it
 * sends and keeps what breaks the document; `problems()` lists them, and the test server
 * fails its close() with them, so the test file that caused them fails.
 */
export function contractObserver(onJson?: (text: string) => void): {
  observe: (request: Request, response: Response) => Promise<void>
  problems: () => string[]
} {
  const found: string[] = []
  return {
    problems: () => found,
    async observe(request, response) {
      const text = await jsonText(response)
      if (text === null) return // the client went away mid-answer, or the body broke off: nothing to check
      if (text !== undefined) onJson?.(text)
      found.push(
        ...contractProblems({
          method: request.method,
          url: request.url,
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          text,
        }),
      )
    },
  }
}

/** Checks a Response: reads a clone of it when it is JSON; other bodies are left alone (they may be streams). */
export async function assertResponse(method: string, url: string, response: Response): Promise<void> {
  const text = await jsonText(response)
  if (text === null) return
  assertContract({
    method,
    url,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
  })
}

/**
 * The text of a clone of `response` when it is JSON (or untyped), undefined for other
 * types (never read: they may be long streams); null when the body broke off while it was
 * read (a failure after the answer began, which the test reading the answer sees itself).
 */
async function jsonText(response: Response): Promise<string | undefined | null> {
  const contentType = response.headers.get('content-type') ?? ''
  if (!isJson(contentType) && contentType) return undefined
  try {
    return await response.clone().text()
  } catch {
    return null
  }
}
