/**
 * @module The abuse bench's code-flood phase (issue 31, row 6): many client addresses (told
 * apart by X-Forwarded-For, SVC_TRUST_PROXY=127.0.0.1) ask for login codes and guess codes
 * for one account while its owner logs in by password. Its own svc process, delivering to a
 * loopback SMTP server, so the e-mails really sent are counted where they arrive.
 *
 * Recorded: the owner's password log-in p99 under the flood against idle in the same run
 * (≤ 2), the code e-mails delivered to the account (≤ 10 an hour), the wrong guesses
 * answered 401 before code log-in paused (≤ 20 a day), and the pause notices (exactly 1).
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { call } from '../lib/api.ts'
import type { goalBook } from '../lib/measure.ts'
import { startSvc } from '../lib/servers.ts'

const PHASE_MS = 5_000
/** Requests a second from the crowd: half ask for a code, half guess one, each from a new address. */
const FLOOD_PER_SECOND = 200
const OWNER = 'owner@bench.example'
const PASSWORD = 'benchmark password'

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const ms = (value: number) => `${value.toFixed(2)} ms`

/** A loopback SMTP server that keeps each message's recipient and subject. */
async function smtpSink() {
  const received: Array<{ to: string; subject: string }> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        const subject = /^subject: (.*)$/im.exec(raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' '))?.[1] ?? ''
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, subject })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The owner's password log-ins one after another from their own address until `going()` is false; latencies and failures. */
async function ownerLogins(base: string, going: () => boolean) {
  const times: number[] = []
  let refused = 0
  while (going()) {
    const started = performance.now()
    const res = await fetch(`${base}/api/v3/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ email: OWNER, password: PASSWORD }),
    })
    await res.arrayBuffer()
    times.push(performance.now() - started)
    if (res.status !== 200) refused++
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length, refused }
}

/** Runs the phase against its own svc and records its goals in `book`. */
export async function codeFlood(book: ReturnType<typeof goalBook>): Promise<void> {
  const sink = await smtpSink()
  const svc = await startSvc({ SVC_TRUST_PROXY: '127.0.0.1', SVC_SIGNUP: 'first', SVC_SMTP_URL: sink.url })
  try {
    const base = svc.url
    await call(`${base}/api/v3/auth/signup`, { method: 'POST', json: { email: OWNER, password: PASSWORD } })
    await ownerLogins(base, timeUp(1000))
    const idle = await ownerLogins(base, timeUp(PHASE_MS))

    const answers = { codeSent: 0, codeLimited: 0, guessWrong: 0, guessLimited: 0, guessRight: 0, other: 0 }
    let stopped = false
    const crowd = (async () => {
      const pending: Array<Promise<void>> = []
      const started = performance.now()
      let sent = 0
      while (!stopped) {
        const due = Math.floor(((performance.now() - started) / 1000) * FLOOD_PER_SECOND)
        while (sent < due) {
          const n = sent++
          const guess = n % 2 === 1
          const headers = {
            'content-type': 'application/json',
            'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}`,
          }
          const request = guess
            ? fetch(`${base}/api/v3/auth/code/verify`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ email: OWNER, code: String(Math.floor(Math.random() * 1e6)).padStart(6, '0') }),
              })
            : fetch(`${base}/api/v3/auth/code`, { method: 'POST', headers, body: JSON.stringify({ email: OWNER }) })
          pending.push(
            request.then(
              async (res) => {
                await res.arrayBuffer()
                if (!guess && res.status === 200) answers.codeSent++
                else if (!guess && res.status === 429) answers.codeLimited++
                else if (guess && res.status === 401) answers.guessWrong++
                else if (guess && res.status === 429) answers.guessLimited++
                else if (guess && res.status === 200) answers.guessRight++
                else answers.other++
              },
              () => void answers.other++,
            ),
          )
        }
        await Bun.sleep(5)
      }
      await Promise.all(pending)
    })()
    const flooded = await ownerLogins(base, timeUp(PHASE_MS))
    stopped = true
    await crowd
    // Mail leaves after the answer: give the last deliveries a moment to arrive.
    await waitUntilQuiet(sink.received, 1000)

    const toOwner = sink.received.filter((mail) => mail.to === OWNER)
    const codes = toOwner.filter((mail) => mail.subject.startsWith('Your svc login code')).length
    const notices = toOwner.filter((mail) => mail.subject.startsWith('svc: log-in by e-mail code paused')).length
    const requests = Object.values(answers).reduce((a, b) => a + b, 0)
    const ratio = flooded.p99 / idle.p99
    book.record({
      goal: `owner's password log-in p99 while ${requests} code requests and guesses (${FLOOD_PER_SECOND}/s, each from a new address) hit the account; ${flooded.refused} of ${flooded.count} log-ins refused`,
      measured: `p50 ${ms(flooded.p50)}, p99 ${ms(flooded.p99)}`,
      baseline: `idle p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}`,
      ratio,
      target: '≤ 2, none refused',
      ok: ratio <= 2 && flooded.refused === 0,
    })
    book.record({
      goal: `code e-mails delivered to the flooded account (${answers.codeSent} requests answered 200, ${answers.codeLimited} answered 429; pause notices: ${notices})`,
      measured: String(codes),
      baseline: '10 an hour per account',
      ratio: codes / 10,
      target: '≤ 1, one notice',
      ok: codes <= 10 && notices === 1,
    })
    book.record({
      goal: `wrong code guesses answered 401 before code log-in paused (${answers.guessLimited} answered 429, ${answers.guessRight} right, ${answers.other} other)`,
      measured: String(answers.guessWrong),
      baseline: '20 a day per account',
      ratio: answers.guessWrong / 20,
      target: '≤ 1',
      ok: answers.guessWrong <= 20 && answers.guessRight === 0,
    })
  } finally {
    await svc.stop()
    await sink.close()
  }
}

/** A `going()` that turns false after `durationMs`. */
function timeUp(durationMs: number): () => boolean {
  const end = performance.now() + durationMs
  return () => performance.now() < end
}

/** Waits until `list` has not grown for `quietMs`. */
async function waitUntilQuiet(list: unknown[], quietMs: number): Promise<void> {
  let seen = -1
  while (seen !== list.length) {
    seen = list.length
    await Bun.sleep(quietMs)
  }
}
