import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appsOf, namingApps, valueArgs } from './_value.ts'

export default defineSvcCommand({
  description:
    "One person's records from your apps as JSON (subject access): every record holding the value, spam included",
  example: 'svc-cli records find --value ada@example.com --all-apps > ada.json',
  effect: 'read',
  untrusted: true,
  args: valueArgs,
  async run(args, env) {
    const client = env.client()
    const apps = await appsOf(args, client, 'look')
    const found = await namingApps(
      args,
      client.call('records.find', { body: { value: args.value, ...(apps ? { apps } : {}) } }),
    )
    // The export is the JSON itself, with or without --json.
    return result(found, () => JSON.stringify(found, null, 2))
  },
})
