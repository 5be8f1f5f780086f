/**
 * @module The apps operations and their answers.
 */
import { z } from 'zod'
import { ROLES } from '../access/roles.ts'
import { createAppSchema, updateAppSchema } from '../apps/schemas.ts'
import { LIMITS } from '../limits.ts'
import { READ_ACCESS } from '../share/reads.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'
import { deletedAnswer, isoTime, pageQuery } from './shapes.ts'

export const appSchema = named('App', () =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    createdAt: isoTime,
    updatedAt: isoTime,
    fieldCount: z
      .number()
      .int()
      .meta({ description: 'Fields the owner made or accepted (proposed ones are left out)' }),
    recordCount: z.number().int().meta({ description: 'Records not marked spam' }),
    spamCount: z.number().int(),
    lastRecordAt: isoTime.nullable(),
    published: z.boolean(),
    reads: z.enum(READ_ACCESS).meta({ description: 'Who reads with the endpoint token alone' }),
    role: z.enum(ROLES).meta({ description: 'Your role in the app: owner, or the role you were invited with' }),
    warnings: z.array(z.string()).optional().meta({ description: 'Present when reads are open' }),
  }),
)
export type App = z.output<ReturnType<typeof appSchema>>

export const appsPageSchema = named('AppsPage', () =>
  z.object({ apps: z.array(appSchema()), nextCursor: z.string().nullable() }),
)
export type AppListPage = z.output<ReturnType<typeof appsPageSchema>>

export const appUrlsSchema = named('AppUrls', () =>
  z.object({
    endpoint: z.string().nullable().meta({ description: 'The share endpoint; null until published' }),
    help: z.string().nullable(),
    fillIn: z.string().nullable(),
    editor: z.string(),
    data: z.string(),
  }),
)
export type AppUrls = z.output<ReturnType<typeof appUrlsSchema>>

const tags = ['apps']

export const appOperations = lazyAnswers({
  'apps.list': {
    summary: 'List your apps',
    description: `Newest first, ${LIMITS.defaultAppsPageSize} a page (?limit up to ${LIMITS.maxAppsPageSize}); pass data.nextCursor as ?cursor for the next page.`,
    tags,
    access: 'owner',
    permission: 'apps:list',
    query: pageQuery(LIMITS.defaultAppsPageSize, LIMITS.maxAppsPageSize),
    answers: () => ({ 200: data(appsPageSchema(), 'A page of apps') }),
    errors: ['bad_request'],
  },
  'apps.create': {
    summary: 'Create an app',
    description: 'Unpublished, with no fields.',
    tags,
    access: 'owner',
    permission: 'apps:create',
    body: createAppSchema,
    answers: () => ({ 200: data(appSchema(), 'The new app') }),
    errors: [],
  },
  'apps.get': {
    summary: 'Get an app',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(appSchema(), 'The app') }),
    errors: ['not_found'],
  },
  'apps.update': {
    summary: 'Rename an app or change its description',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: updateAppSchema,
    answers: () => ({ 200: data(appSchema(), 'The app as it is now') }),
    errors: ['not_found'],
  },
  'apps.delete': {
    summary: 'Delete an app with its fields, endpoint and records',
    tags,
    access: 'owner',
    permission: 'apps:own',
    answers: () => ({ 200: data(deletedAnswer, 'What was deleted') }),
    errors: ['not_found'],
  },
  'apps.urls': {
    summary: 'The URLs of an app',
    description: 'Endpoint, help, fill-in page, admin editor and data views.',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(appUrlsSchema(), 'The URLs') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'apps'>
