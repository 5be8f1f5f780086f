import { defineSvcCommand, jsonArg, repeatedFlag } from '../../command.ts'
import { flagError, usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { coerceFormValues } from '../../../server/contract/fields/coerce.ts'
import type { FieldType } from '../../../server/contract/fields/types/index.ts'
import { UnreadJsonText } from '../../../server/contract/fields/types/json.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { SvcClient } from '../../client.ts'
import { appArg, yesArg } from '../_shared.ts'
import { recordArg } from './_record-args.ts'
import { changeLine, recordView } from './_record.ts'

/** `name=value` pairs, the texts of each name in order (a name repeated gives several, as a form posts them). */
function textsByName(pairs: string[]): Map<string, string[]> {
  const texts = new Map<string, string[]>()
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    if (at <= 0) throw flagError('--set', `write field=value, e.g. --set email=ada@example.com; got "${pair}"`)
    const name = pair.slice(0, at)
    texts.set(name, [...(texts.get(name) ?? []), pair.slice(at + 1)])
  }
  return texts
}

/** The values `--set` gives, each read as the field's type reads a form's text (an empty typed value clears it). */
async function setValues(client: SvcClient, appId: string, pairs: string[]): Promise<Record<string, unknown>> {
  const texts = textsByName(pairs)
  if (texts.size === 0) return {}
  const { fields } = await client.call('fields.list', { params: { id: appId } })
  const values: Record<string, unknown> = Object.create(null)
  for (const [name, given] of texts) {
    const field = fields.find((f) => f.name === name)
    // A proposed field's type is a guess, as an auto-created one's is: its text is read like an auto field's.
    const coerced = coerceFormValues(
      field ? { type: field.type as FieldType, autoCreated: field.autoCreated, proposed: field.proposed } : undefined,
      given,
      LIMITS,
    )
    if (coerced instanceof UnreadJsonText)
      throw flagError(
        '--set',
        `${name} is a JSON field: give JSON, like ${name}='{"key": "value"}' (${coerced.reason})`,
      )
    values[name] = coerced === undefined ? null : coerced
  }
  return values
}

/** The JSON object of `--data`, refused when it is anything else. */
function dataValues(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {}
  const value = jsonArg(raw, 'data')
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw flagError('--data', 'must be a JSON object of field names and values, e.g. {"age":37,"tags":["a","b"]}')
  return value as Record<string, unknown>
}

export default defineSvcCommand({
  description:
    "Correct one record: new values for some fields (checked as a submission is); the change goes into the record's history",
  example:
    'svc-cli share edit --app 0193… --record 0193a… --set email=ada@example.com --set age=37 --unset phone --yes',
  effect: 'destructive',
  untrusted: true,
  // Problems name the record's fields, which the person gave with --set.
  flagFor: { '*': '--set' },
  args: {
    ...appArg,
    ...recordArg,
    set: {
      type: 'string',
      description:
        "field=value, repeat for each field: the text is read as the field's type reads a form (numbers, true/false; a multiple-choice field takes --set tags=a --set tags=b); an empty value clears a typed field",
      valueHint: 'field=value',
    },
    unset: { type: 'string', description: 'A field to remove from the record; repeat for each', valueHint: 'field' },
    data: {
      type: 'string',
      description: 'New values as one JSON object, taken exactly ({"age":37,"extra":{"a":1}}); null removes a field',
      valueHint: 'json',
    },
    ...yesArg,
  },
  async run(args, env) {
    const sets = repeatedFlag(env.argv, 'set')
    const unsets = repeatedFlag(env.argv, 'unset')
    const given = [dataValues(args.data), await setValues(env.client(), args.app, sets)]
    given.push(Object.fromEntries(unsets.map((name) => [name, null])))
    const data: Record<string, unknown> = Object.create(null)
    for (const values of given) {
      for (const name of Object.keys(values)) {
        if (Object.hasOwn(data, name))
          throw usageError(`"${name}" is given twice (by --data, --set or --unset); name each field once`)
        data[name] = values[name]
      }
    }
    const names = Object.keys(data)
    if (names.length === 0)
      throw usageError(
        'Nothing to change: pass --set field=value, --unset field or --data \'{"field":value}\' (see the record with svc-cli share get)',
      )
    await env.confirm(
      `Change ${names.length === 1 ? `field ${names[0]}` : `${names.length} fields`} of record ${args.record}? (the old values stay in its history)`,
      args.yes,
    )
    const record = await env.client().call('records.update', {
      params: { id: args.app, recordId: args.record },
      body: { data },
    })
    return result(record, (style) => {
      const summary =
        record.changed.length === 0
          ? 'Nothing changed: the record already held these values.'
          : `Changed ${record.history[0].changes.map(changeLine).join('; ')}`
      return `${summary}\n\n${recordView(record, style)}`
    })
  },
})
