/**
 * @module The clients of `npm run bench:stream`, in a process of their own: `count` live
 * streams of one URL over raw TCP sockets (no fetch pool in the way of a thousand). In mode
 * `drain` they only count the records that arrive (as cheap for this process as it gets);
 * in mode `timed` they also note when each record arrived on each stream, by its id
 * (`performance.timeOrigin + performance.now()`: the system clock, comparable across
 * processes of the machine). Reads commands on stdin, one a line, and answers each with one
 * JSON line: `stats` → `{opened, records}`; `times` → `{<record id>: [arrival ms, …]}`
 * (then forgotten); `quit` closes every stream and exits.
 *
 *     bun bench/stream-clients.ts <stream URL> <count> drain|timed
 */
export {}

const [url, countText, mode] = process.argv.slice(2)
const target = new URL(url)
const count = Number(countText)
const timed = mode === 'timed'

let opened = 0
let records = 0
let times: Record<string, number[]> = {}
const sockets: Array<{ end(): void }> = []
const RECORD = '\nevent: record\ndata: {"id":"'

for (let i = 0; i < count; i++) {
  let text = ''
  let started = false
  const socket = await Bun.connect({
    hostname: target.hostname,
    port: Number(target.port),
    socket: {
      open(socket) {
        socket.write(
          `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n\r\n`,
        )
      },
      data(_socket, chunk) {
        text += chunk.toString('latin1')
        if (!started && text.includes('\n\n')) {
          started = true
          opened++
        }
        const now = performance.timeOrigin + performance.now()
        let at = text.indexOf(RECORD)
        let done = 0
        while (at !== -1) {
          const idStart = at + RECORD.length
          const idEnd = text.indexOf('"', idStart)
          if (idEnd === -1) break
          records++
          if (timed) {
            const id = text.slice(idStart, idEnd)
            times[id] ??= []
            times[id].push(now)
          }
          done = idEnd
          at = text.indexOf(RECORD, idEnd)
        }
        // Keep only what may hold the start of an unfinished event.
        text = text.slice(Math.max(done, text.length - RECORD.length - 64))
      },
    },
  })
  sockets.push(socket)
}

for await (const line of console) {
  if (line === 'stats') console.log(JSON.stringify({ opened, records }))
  else if (line === 'times') {
    console.log(JSON.stringify(times))
    times = {}
  } else if (line === 'quit') {
    for (const socket of sockets) socket.end()
    process.exit(0)
  }
}
