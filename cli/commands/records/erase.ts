import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import type { ErasureReceipt } from '../../../server/contract/api/erasure.ts'
import { yesArg } from '../_shared.ts'
import { appsOf, namingApps, valueArgs } from './_value.ts'

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** The receipt as lines: the total, then each app that held the value. */
function receiptText(receipt: ErasureReceipt): string {
  const held = receipt.apps.filter((app) => app.records > 0)
  const head = receipt.dryRun
    ? `Would erase ${plural(receipt.records, 'record')} in ${plural(held.length, 'app')} (dry run: nothing erased; run it again without --dry-run)`
    : `Erased ${plural(receipt.records, 'record')} in ${plural(held.length, 'app')} at ${receipt.at}, with their files and edit history`
  const lines = held.map((app) => `  ${app.name} (${app.id}): ${plural(app.records, 'record')}`)
  const rest = receipt.complete ? [] : ['More records hold the value than one call erases: run it again for the rest']
  return [head, ...lines, ...rest].join('\n')
}

export default defineSvcCommand({
  description:
    "Erase one person's records from your apps: every record holding the value (e.g. an e-mail address), spam included, with its files and edit history",
  example: 'svc-cli records erase --value ada@example.com --all-apps --dry-run',
  effect: 'destructive',
  args: {
    ...valueArgs,
    'dry-run': { type: 'boolean', description: 'List what would be erased, erase nothing' },
    ...yesArg,
  },
  async run(args, env) {
    const client = env.client()
    const apps = await appsOf(args, client, 'erase')
    const body = { value: args.value, ...(apps ? { apps } : {}) }
    if (!args['dry-run'] && !args.yes && env.interactive) {
      const dry = await namingApps(args, client.call('records.erase', { body: { ...body, dryRun: true } }))
      if (dry.records === 0) return result(dry, () => 'No record holds that value; nothing to erase')
      await env.confirm(
        `${receiptText(dry)
          .split('\n')[0]
          .replace(/ \(dry run.*$/, '')}. Erase them?`,
        false,
      )
    } else if (!args['dry-run']) await env.confirm('Erase every record holding the value?', args.yes)
    const receipt = await namingApps(
      args,
      client.call('records.erase', { body: { ...body, dryRun: args['dry-run'] === true } }),
    )
    return result(receipt, () => receiptText(receipt))
  },
})
