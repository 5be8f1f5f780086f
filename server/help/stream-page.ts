/**
 * @module GET /<token>/stream?help: following the records as they arrive, for people and
 * AI agents alike; the other help pages point here (pages.ts).
 */
import { LIMITS } from '../contract/limits.ts'
import { LIVE_EVENT } from '../contract/records/live.ts'
import { openToAnyone } from '../contract/share/reads.ts'
import { codeBlock, shellQuote } from '../contract/help/markdown.ts'
import type { HelpInput } from './live.ts'
import { curlAuth, errorsSection, pageTitle, statusSection, whoReadsSection } from './sections.ts'

/** The line the other pages add about the stream. */
export function streamPointer(input: HelpInput): string {
  return `- \`GET ${input.url}/stream\`: every new record as it arrives (Server-Sent Events), resumable; same access as /query (details: \`${input.url}/stream?help\`).`
}

/** GET /<token>/stream?help. */
export function streamHelp(input: HelpInput): string {
  const stream = `${input.url}/stream`
  const open = openToAnyone(input.reads, 'query')
  const event = [
    `id: 42`,
    `event: ${LIVE_EVENT}`,
    'data: {"id":"0196f2c4-…","data":{"message":"Hello"},"meta":{},"createdAt":"2026-01-31T12:00:00.000Z"}',
  ].join('\n')
  return [
    pageTitle(input, 'following records as they arrive: /stream'),
    '',
    `\`GET ${stream}\` (\`text/event-stream\`)`,
    '',
    statusSection(input),
    '',
    '## Who may read',
    '',
    'The stream has the access of `/query`:',
    '',
    whoReadsSection(input, ['query']),
    '',
    'When reads are switched off, the token rotated or the form unpublished, open streams of anyone but the owner end;',
    "a stream opened with the owner's access token ends once that token is revoked.",
    '',
    '## Events',
    '',
    `Each new record is one Server-Sent Event named \`${LIVE_EVENT}\`: \`id:\` is the record's position in this app's stream`,
    '(it only grows; a deleted record never gives its position to another) and `data:` is the record as `/query` shows it:',
    '',
    codeBlock(event, 'text'),
    '',
    `The stream starts with \`retry: ${LIMITS.streamRetryMs}\` and the position it starts after (\`id:\` alone, no event), and sends a comment`,
    `line (\`: keep-alive\`) every ${LIMITS.streamHeartbeatMs / 1000} s, so proxies keep a quiet stream open.`,
    '',
    '## Resuming without gaps or repeats',
    '',
    '- Without a position, only records that arrive from now on are sent.',
    '- `Last-Event-ID: <id>` (what `EventSource` sends when it reconnects) or `?since=<id>` replays every record after that',
    '  position, oldest first, then goes on live: a record stored while the replay ends arrives once. `?since=0` replays every record.',
    "- A position this stream never sent (not a whole number, or past the app's newest record) is a 400 `bad_request`.",
    '- `?spam=include` or `?spam=only` as on `/query` (spam is left out by default).',
    '',
    '## Examples',
    '',
    codeBlock(
      [
        `curl -N ${curlAuth(input, 'query')}${shellQuote(stream)}`,
        `curl -N ${curlAuth(input, 'query')}-H 'Last-Event-ID: 42' ${shellQuote(stream)}`,
      ].join('\n'),
      'sh',
    ),
    '',
    open
      ? 'In a browser (reads are open, so no token is needed; EventSource reconnects and resumes by itself):'
      : "In a browser, once reads are `records` (EventSource cannot send the owner's token; the owner follows records in the admin page or with `svc-cli share tail`):",
    '',
    codeBlock(
      [
        `const records = new EventSource(${JSON.stringify(stream)})`,
        `records.addEventListener(${JSON.stringify(LIVE_EVENT)}, (event) => {`,
        '  const record = JSON.parse(event.data)',
        '  console.log(event.lastEventId, record.data)',
        '})',
      ].join('\n'),
      'js',
    ),
    '',
    '## Limits',
    '',
    `- At most ${LIMITS.streamsPerApp} open streams per app, ${LIMITS.streamsPerClient} per client network (an IPv4 /24, an IPv6 /56) and ${LIMITS.streamsPerProcess} per server by default; more are`,
    "  answered 429 `rate_limited` with `Retry-After`. The owner's own streams (the owner's access token) have places of their own.",
    '  Opening a stream counts against the read rate limit like a `/query` page.',
    `- A client that stops reading is cut after ${LIMITS.streamStallBeats} heartbeats with something waiting for it; it resumes with \`Last-Event-ID\`.`,
    '',
    '## Errors',
    '',
    errorsSection(),
    '',
  ].join('\n')
}
