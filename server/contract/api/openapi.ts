/**
 * @module The OpenAPI 3.1 document of the route table: every operation with its access,
 * parameters, request bodies (each content type it reads), every answer it gives and its
 * error answers (the one error envelope, with the types that route can give). Pure: the
 * HTTP face serves it at /api/v3/openapi.json, the suite checks answers against it, and
 * `bun scripts/openapi.ts` writes it for client generators without a running server.
 */
import { PERMISSIONS, type Permission } from '../access/roles.ts'
import { z } from 'zod'
import { ERROR_STATUS, ERROR_TYPES, type ErrorType } from '../errors.ts'
import { errorTypesOf, type Answer, type Operation } from './operation.ts'
import { namedSchemas } from './named.ts'
import { OPERATIONS } from './operations.ts'
import { ROUTES, routeOf, type RouteName } from './routes.ts'

type Json = Record<string, unknown>

export interface DocumentOptions {
  /** Where the server is reached (SVC_BASE_URL). */
  serverUrl: string
  version: string
}

/** Routes that are machinery rather than API: the admin page's files. */
export const UNDOCUMENTED = new Set<RouteName>(['pages.adminAsset'])

const DESCRIPTION = [
  'Self-hostable record collection. Public collection endpoints live under /api/v3/share/{token} ',
  "(GET /api/v3/share/{token}?help describes one): anyone with the token may POST records, but records are the owner's. ",
  'Reading them back (/query, /summary) with the token alone needs the app\'s reads setting opened ("summary": /summary only; "records": both; default "off"); ',
  'the owner\'s access token in "Authorization: Bearer <access token>" always reads its own endpoint, and any other token counts as none. ',
  'Answers that show reads open carry data.warnings. ',
  'Everything else needs "Authorization: Bearer <access token>" or the admin session cookie.\n\n',
  "Envelope: the control plane answers `{code, data}`; the share endpoint's ingest and reads answer at the top level (`{code, id, …}`, `{code, records, nextCursor}`); ",
  'every error is `{code, error: {type, message, details?}}` with `code` equal to the HTTP status.',
].join('')

/** What each tag groups; a tag without a line here is described by its name. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Health, this document and the skill documents',
  auth: 'Signing up, logging in (password or mailed code) and out, and the session',
  tokens: 'Personal access tokens for scripts, the CLI and agents',
  profile: 'Your account: name, e-mail, password, deletion',
  apps: 'Your apps (one form and endpoint each)',
  fields: "An app's fields: what a record holds",
  share: "Publishing an app's endpoint and its settings (reads, rate limit, thank-you page)",
  webhooks: 'Webhooks signed per Standard Webhooks, their deliveries, and mail notifications',
  records: "The owner's records: pages, one record, deletes, spam marks, summary and exports",
  ingest: 'The public share endpoint: post records (JSON, forms, batches) and its Markdown help',
  reads: 'Reading records back through the share endpoint (/query, /summary)',
  scales: 'Assessment scales: scoring dimensions, their items and levels',
  reports: 'Report pages shown to respondents after they answer',
  expert: 'Expert commentary on scale levels',
  connect: 'Page styling of the hosted pages',
  smart: 'Generating a whole app from one sentence: drafts, jobs and plans',
  uploads: 'Resumable uploads (tus 1.0: creation, termination, expiration) of files for records to name',
  pages: 'Hosted HTML pages: the fill-in form, thank-you page, reports and the admin page',
}

/** The component name of an operation's part: `apps.list` + `Answer` → `AppsListAnswer`. */
export const componentName = (name: RouteName, part: string): string =>
  name
    .split('.')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('') + part

/** The OpenAPI path of an Elysia path: `:id` → `{id}`, `*` → `{path}`. */
export const openapiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}')

const documented = (): RouteName[] => (Object.keys(ROUTES) as RouteName[]).filter((name) => !UNDOCUMENTED.has(name))
const operationOf = (name: RouteName): Operation => OPERATIONS[name]

/** JSON Schemas of `entries` converted together, so shapes named in the same registry refer to each other. */
function convert(entries: ReadonlyArray<readonly [string, z.ZodType]>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of entries) if (!registry.has(schema)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> }
  for (const schema of Object.values(schemas)) {
    delete schema.$schema
    delete schema.$id
  }
  return schemas
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` })

const ERROR_SCHEMA: Json = {
  type: 'object',
  description:
    'Every error: `code` is the HTTP status; `error.type` names the kind, `message` says what to fix; `details` carries specifics (`problems` for a 422).',
  required: ['code', 'error'],
  additionalProperties: false,
  properties: {
    code: { type: 'integer' },
    error: {
      type: 'object',
      required: ['type', 'message'],
      additionalProperties: false,
      properties: { type: { type: 'string', enum: ERROR_TYPES }, message: { type: 'string' }, details: {} },
    },
  },
}

/** The error answers of one operation, one per status, each naming the types it can carry. */
function errorResponses(operation: Operation): Record<string, Json> {
  const byStatus = new Map<number, ErrorType[]>()
  for (const type of errorTypesOf(operation))
    byStatus.set(ERROR_STATUS[type], [...(byStatus.get(ERROR_STATUS[type]) ?? []), type])
  const responses: Record<string, Json> = {}
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Error: ${types.join(', ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [
              ref('Error'),
              {
                type: 'object',
                properties: {
                  code: { const: status },
                  error: { type: 'object', properties: { type: { enum: types } } },
                },
              },
            ],
          },
        },
      },
    }
  }
  return responses
}

/** The component of a JSON answer: its own name when the whole answer is a named shape (`RecordsPage`), else the operation's. */
const answerComponent = (name: RouteName, status: number, schema: z.ZodType, statuses: number): string =>
  namedSchemas().find(([, named]) => named === schema)?.[0] ??
  componentName(name, statuses > 1 ? `Answer${status}` : 'Answer')

function answerResponse(name: RouteName, status: number, answer: Answer, statuses: number): Json {
  switch (answer.kind) {
    case 'json': {
      return {
        description: answer.description,
        content: { 'application/json': { schema: ref(answerComponent(name, status, answer.schema, statuses)) } },
      }
    }
    case 'content':
      return { description: answer.description, content: { [answer.type]: { schema: { type: 'string' } } } }
    case 'empty': {
      const headers: Record<string, string> = {
        ...(answer.location ? { Location: 'Where to go next' } : {}),
        ...answer.headers,
      }
      const entries = Object.entries(headers)
      if (entries.length === 0) return { description: answer.description }
      return {
        description: answer.description,
        headers: Object.fromEntries(
          entries.map(([header, description]) => [header, { description, schema: { type: 'string' } }]),
        ),
      }
    }
  }
}

const successStatuses = (operation: Operation): number[] => Object.keys(operation.answers).map(Number)

/** The query parameters of a query schema (an object): one parameter per property. */
function queryParameters(schema: Json | undefined): Json[] {
  const properties = (schema?.properties ?? {}) as Record<string, Json>
  const required = new Set((schema?.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest }
  })
}

function security(operation: Operation): Json[] {
  switch (operation.access) {
    case 'owner':
      return [{ accessToken: [] }, { session: [] }]
    case 'public':
      return []
    case 'token-or-owner':
      return [{}, { accessToken: [] }]
  }
}

/** The whole document. */
export function openapiDocument(options: DocumentOptions): Json {
  // Long: one document built in the order OpenAPI lays it out.
  const names = documented()
  const answerEntries: Array<readonly [string, z.ZodType]> = [...namedSchemas()]
  const inputEntries: Array<readonly [string, z.ZodType]> = []
  for (const name of names) {
    const operation = operationOf(name)
    const statuses = successStatuses(operation)
    for (const status of statuses) {
      const answer = operation.answers[status]!
      if (answer.kind === 'json')
        answerEntries.push([componentName(name, statuses.length > 1 ? `Answer${status}` : 'Answer'), answer.schema])
    }
    if (operation.body) inputEntries.push([componentName(name, 'Body'), operation.body])
    for (const [type, schema] of Object.entries(operation.bodies ?? {}))
      inputEntries.push([componentName(name, `Body${bodySuffix(type)}`), schema])
    if (operation.query) inputEntries.push([componentName(name, 'Query'), operation.query])
  }
  const inputs = convert(inputEntries, 'input')
  const schemas: Record<string, Json> = { Error: ERROR_SCHEMA, ...convert(answerEntries, 'output') }
  const paths: Record<string, Record<string, Json>> = {}
  for (const name of names) {
    const operation = operationOf(name)
    const { method, path } = routeOf(name)
    const parameters: Json[] = [...path.matchAll(/:(\w+)|\*$/g)].map((match) => ({
      name: match[1] ?? 'path',
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    if (operation.query) parameters.push(...queryParameters(inputs[componentName(name, 'Query')]))
    const statuses = successStatuses(operation)
    const responses: Record<string, Json> = {}
    for (const status of statuses)
      responses[String(status)] = answerResponse(name, status, operation.answers[status]!, statuses.length)
    for (const [status, error] of Object.entries(errorResponses(operation))) {
      // An answer at an error status (a page for browsers) is the same status in another type.
      const answer = responses[status] as { description: string; content?: Json } | undefined
      responses[status] = answer
        ? {
            description: `${error.description}. ${answer.description}`,
            content: { ...(error.content as Json), ...answer.content },
          }
        : error
    }
    for (const [status, answer] of Object.entries(operation.alternatives ?? {})) {
      const response = responses[status]
      if (!response)
        throw new Error(`${name}: an alternative answer at ${status}, a status it does not otherwise answer with`)
      response.description = `${response.description}; ${answer!.description}`
      response.content = { ...(response.content as Json), [answer!.type]: { schema: { type: 'string' } } }
    }
    const content: Record<string, Json> = {}
    if (operation.body) {
      schemas[componentName(name, 'Body')] = inputs[componentName(name, 'Body')]
      content['application/json'] = { schema: ref(componentName(name, 'Body')) }
    }
    for (const type of Object.keys(operation.bodies ?? {})) {
      const id = componentName(name, `Body${bodySuffix(type)}`)
      schemas[id] = inputs[id]
      // JSON sent as text/plain (a cross-origin fetch without a preflight) is a string whose content is that JSON.
      content[type] = {
        schema:
          type === 'text/plain'
            ? { type: 'string', contentMediaType: 'application/json', contentSchema: ref(id) }
            : ref(id),
      }
    }
    const entry: Json = {
      operationId: name,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: operation.tags,
      ...(operation.helpOperation ? { 'x-help-operation': operation.helpOperation } : {}),
      ...(operation.permission ? { 'x-permission': permissionOf(operation.permission) } : {}),
      security: security(operation),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(Object.keys(content).length > 0
        ? { requestBody: { required: !operation.body?.safeParse(undefined).success, content } }
        : {}),
      responses,
    }
    const at = openapiPath(path)
    paths[at] ??= {}
    paths[at][method.toLowerCase()] = entry
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc',
      version: options.version,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl }],
    tags: [...new Set(names.flatMap((name) => operationOf(name).tags))]
      .sort()
      .map((tag) => ({ name: tag, description: TAG_DESCRIPTIONS[tag] ?? tag })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', description: 'A personal access token (svc_pat_…)' },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'svc_session',
          description: "The admin page's session cookie (same origin only)",
        },
      },
    },
  }
}

const bodySuffix = (type: string): string =>
  ({
    'application/json': 'Json',
    'text/plain': 'Text',
    'application/x-www-form-urlencoded': 'Form',
    'multipart/form-data': 'Multipart',
    'application/octet-stream': 'Bytes',
    'application/offset+octet-stream': 'Chunk',
  })[type] ?? 'Other'

/** What the document says an operation needs: the permission, the least role in the app, the token scope. */
function permissionOf(permission: Permission): Json {
  const rule = PERMISSIONS[permission]
  return { name: permission, role: rule.role, scope: rule.scope }
}
