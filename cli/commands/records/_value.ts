/**
 * @module What `svc-cli records erase` and `records find` share: `--value`, and which apps
 * `--app` (ids or names, comma-separated) or `--all-apps` name.
 */
import type { ArgsDef } from 'citty'
import type { SvcClient } from '../../client.ts'
import { namedAppError } from '../../app-ref.ts'
import { usageError } from '../../errors.ts'
import { appIdsOf } from '../../token-limits.ts'

export const valueArgs = {
  value: {
    type: 'string',
    required: true,
    description: 'The value to look for: a whole field value or list element (e-mail addresses compared without case)',
    valueHint: 'value',
  },
  app: {
    type: 'string',
    description: 'Only these apps: ids or names, comma-separated',
    valueHint: 'app,…',
  },
  'all-apps': { type: 'boolean', description: 'Every app you may act on (owner or admin to erase)' },
} as const satisfies ArgsDef

/** The `apps` of the request: the ones `--app` names, or none (every app) with `--all-apps`; one of them is needed. */
export async function appsOf(
  args: { app?: string; 'all-apps'?: boolean },
  client: SvcClient,
  verb: string,
): Promise<string[] | undefined> {
  if (args.app !== undefined && args['all-apps']) throw usageError('Pass --app or --all-apps, not both')
  if (args.app === undefined && !args['all-apps'])
    throw usageError(`Say where to ${verb}: --app <id or name>[,…] or --all-apps`)
  return args.app === undefined ? undefined : appIdsOf(args.app, client, '--app')
}

/** `request`'s answer; an app of `--app` the server does not know is named as every --app command names it. */
export const namingApps = <T>(args: { app?: string }, request: Promise<T>): Promise<T> =>
  request.catch((error: unknown) => {
    throw namedAppError(error, args.app ?? '')
  })
