import { existsSync, statSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { defineSvcCommand, jsonArg, repeatedFlag } from '../../command.ts'
import { CliError, flagError, usageError } from '../../errors.ts'
import { idsResult } from '../../listing.ts'
import { result } from '../../output.ts'
import type { SvcClient } from '../../client.ts'
import { appArg, quietArg } from '../_shared.ts'
import type { Challenge } from 'altcha-lib'
import { solvedPayload } from '../../../server/contract/share/challenge-solve.ts'

/** `name=value` as its two halves; `flag` names the flag in the error. */
function pair(text: string, flag: string, example: string): [string, string] {
  const at = text.indexOf('=')
  if (at <= 0) throw flagError(flag, `write field=${example}, got "${text}"`)
  return [text.slice(0, at), text.slice(at + 1)]
}

/** The texts a form posts for one value of --data: one part per array element, JSON for objects. */
function formTexts(value: unknown): string[] {
  if (value === null || value === undefined) return []
  if (Array.isArray(value)) return value.flatMap(formTexts)
  return [typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)]
}

/** The record as the multipart form of `ingest.form`: text parts from --data and --set, a file part per --file. */
function multipartOf(record: unknown, sets: string[], files: string[], source: string | undefined): FormData {
  const form = new FormData()
  const canonical = record !== null && typeof record === 'object' && !Array.isArray(record) && 'data' in record
  const data = (canonical ? (record as { data: unknown }).data : record) ?? {}
  if (typeof data !== 'object' || Array.isArray(data))
    throw flagError('--data', 'must be a JSON object of field names and values when posted with --file or --set')
  for (const [name, value] of Object.entries(data)) for (const text of formTexts(value)) form.append(name, text)
  for (const set of sets) form.append(...pair(set, '--set', 'value, e.g. --set name=Ada'))
  const meta = canonical ? (record as { meta?: { source?: unknown } }).meta : undefined
  const given = source ?? (typeof meta?.source === 'string' ? meta.source : undefined)
  if (given !== undefined) form.append('_source', given)
  for (const file of files) {
    const [name, path] = pair(file, '--file', 'path, e.g. --file cv=./cv.pdf')
    const full = resolve(path)
    if (!existsSync(full) || !statSync(full).isFile()) throw flagError('--file', `${path} is not a file`)
    form.append(name, Bun.file(full), basename(full))
  }
  return form
}

/** The endpoint token of the app and its challenge setting, or the error saying to publish it first. */
async function endpointOf(client: SvcClient, app: string): Promise<{ token: string; challenge: boolean }> {
  const share = await client.call('share.get', { params: { id: app } })
  if (!share.token)
    throw new CliError('not_published', `App ${app} has no endpoint yet: run svc-cli share publish --app ${app}`)
  // An older server names no challenge: none to solve.
  return { token: share.token, challenge: share.challenge === 'flag' || share.challenge === 'require' }
}

/**
 * The X-Altcha header of a post to an endpoint with a challenge: one fetched and solved here
 * (core/challenge/solve.ts, as the ALTCHA widget would), so the post is taken whoever sends it.
 */
async function challengeHeaders(
  client: SvcClient,
  endpoint: { token: string; challenge: boolean },
): Promise<Record<string, string>> {
  if (!endpoint.challenge) return {}
  const challenge = await client.call('ingest.challenge', { params: { token: endpoint.token } }, { auth: false })
  return { 'x-altcha': await solvedPayload(challenge as unknown as Challenge) }
}

export default defineSvcCommand({
  description:
    "Submit a record to an app's endpoint from --data or stdin (handy in CI), as its owner: new keys become accepted fields; --file attaches files",
  example: `svc-cli share post --app 0193… --data '{"email":"a@example.com"}' --file cv=./cv.pdf`,
  effect: 'write',
  // Problems with the record name its keys (`email`), which live in --data.
  flagFor: { '*': '--data' },
  args: {
    ...appArg,
    data: {
      type: 'string',
      description:
        'The record as JSON ({"data":{…}} or a flat object); default: stdin (none needed with --file or --set)',
      valueHint: 'json',
    },
    set: {
      type: 'string',
      description:
        'field=value, repeat for each: sent as form text, read by the field type as a form is (numbers, true/false); posts as a form',
      valueHint: 'field=value',
    },
    file: {
      type: 'string',
      description:
        "field=path, repeat for each file (a field with maxFiles > 1 takes several): posts multipart/form-data to the endpoint's /form, the other values as text parts",
      valueHint: 'field=file',
    },
    source: { type: 'string', description: 'meta.source of the record', valueHint: 'text' },
    ...quietArg,
  },
  async run(args, env) {
    const files = repeatedFlag(env.argv, 'file')
    const sets = repeatedFlag(env.argv, 'set')
    const asForm = files.length > 0 || sets.length > 0
    const raw = args.data ?? (env.io.stdin.isTTY || asForm ? undefined : await env.io.stdin.read())
    if (!asForm && (raw === undefined || raw.trim() === ''))
      throw usageError('No record given: pass --data \'{"name":"value"}\' or pipe JSON into stdin')
    let record = raw === undefined || raw.trim() === '' ? {} : (jsonArg(raw, 'data') as Record<string, unknown>)
    const client = env.client()
    if (asForm) {
      const form = multipartOf(record, sets, files, args.source)
      const endpoint = await endpointOf(client, args.app)
      const headers = await challengeHeaders(client, endpoint)
      // Posted as the owner (with the access token): new keys become accepted fields, not proposals.
      const data = await client.callForm('ingest.form', { params: { token: endpoint.token } }, form, { headers })
      if (args.quiet) return idsResult([data.id])
      return result(data, () => `Stored record ${data.id}`)
    }
    if (args.source !== undefined) {
      const canonical = record && typeof record === 'object' && !Array.isArray(record) && 'data' in record
      record = canonical
        ? { ...record, meta: { ...(record.meta as object), source: args.source } }
        : { data: record, meta: { source: args.source } }
    }
    const endpoint = await endpointOf(client, args.app)
    const headers = await challengeHeaders(client, endpoint)
    const data = await client.call('ingest.post', { params: { token: endpoint.token }, body: record }, { headers })
    if (args.quiet) return idsResult([data.id])
    return result(data, () => `Stored record ${data.id}`)
  },
})
