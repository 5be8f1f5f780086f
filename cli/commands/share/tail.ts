import { defineSvcCommand, intArg } from '../../command.ts'
import { CliError, EXIT } from '../../errors.ts'
import { followRecords } from '../../follow.ts'
import type { Style } from '../../output.ts'
import { appArg, filterArg, spamArg } from '../_shared.ts'
import { tailRows } from './_tail-rows.ts'

/** The style of stdout, as the printing layer decides it for other commands. */
const styleOf = (env: { io: { env: Record<string, string | undefined>; stdout: { isTTY: boolean } } }): Style => ({
  color: env.io.stdout.isTTY && !env.io.env.NO_COLOR && env.io.env.TERM !== 'dumb',
})

export default defineSvcCommand({
  description:
    'Print records as they arrive, until Ctrl-C (--json: one JSON record a line); reconnects by itself without missing one',
  example: 'svc-cli share tail --app 0193… --filter "rating <= 2" --json | jq -c \'.data\'',
  effect: 'read',
  untrusted: true,
  args: {
    ...appArg,
    since: {
      type: 'string',
      description: 'Start after this position (the one Ctrl-C reports; 0: every record) instead of from now on',
      valueHint: 'position',
    },
    ...spamArg,
    ...filterArg,
  },
  async run(args, env) {
    const since = intArg(args.since, 'since', 0, Number.MAX_SAFE_INTEGER)
    const spam = args.spam === 'exclude' ? undefined : args.spam
    const stop = new AbortController()
    const stopListening = env.io.onInterrupt?.(() => stop.abort())
    const rows = tailRows(styleOf(env), spam !== undefined)
    const stdout = env.io.stdout
    const notes = env.io.stderr.isTTY && !env.json
    if (notes) await env.io.stderr.write(`Following the records of app ${args.app}; Ctrl-C stops.\n`)
    let position: string | null
    try {
      position = await followRecords({
        client: env.client(),
        appId: args.app,
        spam,
        filter: args.filter,
        since: since === undefined ? null : String(since),
        signal: stop.signal,
        async onRecord(record) {
          if (env.json) await stdout.write(`${JSON.stringify(record)}\n`)
          else await stdout.write(`${rows.lines(record).join('\n')}\n`)
        },
        onRetry(why, waitMs) {
          if (notes) void env.io.stderr.write(`Reconnecting in ${Math.ceil(waitMs / 1000)} s (${why})\n`)
        },
      })
    } finally {
      stopListening?.()
    }
    // Only Ctrl-C ends following: say where it stopped, so the next run can go on from there.
    const resume = position === null ? '' : ` after position ${position}; go on from there with --since ${position}`
    throw new CliError(
      'interrupted',
      `Interrupted: stopped following records${resume}`,
      EXIT.interrupted,
      position === null ? undefined : { since: Number(position) },
    )
  },
})
