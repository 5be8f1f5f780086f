/**
 * @module What `--app` names: an app's id, or its name where no other app has that name.
 * The one client (client.ts) resolves the app of every `/apps/:id` operation here, at its
 * first request, so every command with the flag, svc_exec over MCP and the MCP tools that
 * take an app read it the same way, and their checks that need no server still come first.
 * An app the server does not know is named, with `svc-cli app list` to find the right one.
 */
import { notFound } from '../server/contract/errors.ts'
import type { App } from '../server/contract/api/apps.ts'
import type { AnswerOf, InputOf } from '../server/contract/api/request.ts'
import { LIMITS } from '../server/contract/limits.ts'
import { CliError, EXIT, usageError } from './errors.ts'
import { nearest } from './nearest.ts'

/** An app id as the server makes them (UUIDv7); anything else given to --app is a name. */
export const APP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What reading the app list needs of a client: its one typed call, for `apps.list` (client.ts is one). */
export interface AppLister {
  call(name: 'apps.list', input: InputOf<'apps.list'>): Promise<AnswerOf<'apps.list'>>
}

const SEE_LIST = 'See your apps with `svc-cli app list`.'

/** Every app of the account, oldest page first (the API pages by cursor). */
export async function allApps(client: AppLister): Promise<App[]> {
  const apps: App[] = []
  let cursor: string | undefined
  do {
    const page = await client.call('apps.list', { query: { limit: LIMITS.maxAppsPageSize, cursor } })
    apps.push(...page.apps)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return apps
}

/**
 * The id of the app named `given` (not an id): the one app with that name (exactly, else
 * ignoring case). Several apps of that name are a usage error listing their ids; none is
 * `not_found` naming what was given.
 */
export async function appIdByName(given: string, client: AppLister): Promise<string> {
  const apps = await allApps(client)
  const folded = given.trim().toLowerCase()
  const exact = apps.filter((app) => app.name === given)
  const named = exact.length > 0 ? exact : apps.filter((app) => app.name.trim().toLowerCase() === folded)
  if (named.length === 1) return named[0].id
  if (named.length > 1) {
    const ids = named.map((app) => `${app.id} (created ${app.createdAt})`).join(', ')
    throw usageError(`${named.length} apps are named "${given}": pass --app one of their ids: ${ids}`, [
      { flag: '--app', message: `${named.length} apps have this name; pass one of their ids` },
    ])
  }
  const guess = nearest(given, [...new Set(apps.map((app) => app.name))])
  throw new CliError(
    'not_found',
    `No app has the id or name "${given}".${guess ? ` Did you mean "${guess}"?` : ''} ${SEE_LIST}`,
    EXIT.error,
    { problems: [{ flag: '--app', message: 'no app has this id or name', ...(guess ? { didYouMean: guess } : {}) }] },
  )
}

const APP_NOT_FOUND = notFound('App').message

/** The server's "App not found" for `--app <given>` (or its "App <id> not found" of a list), naming the app and where to see the right ones; any other error as it is. */
export function namedAppError(error: unknown, given: string): unknown {
  if (!(error instanceof CliError) || error.type !== 'not_found') return error
  const named = /^App (\S+) not found$/.exec(error.message)?.[1]
  if (error.message !== APP_NOT_FOUND && !named) return error
  return new CliError('not_found', `App ${named ?? given} not found. ${SEE_LIST}`, error.exitCode, {
    problems: [{ flag: '--app', message: 'no app has this id' }],
  })
}
