/**
 * @module `npm run bench:files` (issue 43): files on one svc process (the bundle, SVC_SYNC=full,
 * files on its data dir's disk), three goals, each against a baseline measured in the same run:
 *
 * 1. **Memory**: 20 concurrent 25 MiB multipart uploads (each a record with one file) keep
 *    the process's peak RSS within idle + 128 MiB.
 * 2. **Throughput**: uploading files through svc (files.upload, one at a time, 25 MiB each)
 *    against writing the same bytes to the same disk from this process (a file written
 *    chunk by chunk and fsynced), in alternating rounds A B B A: ratio ≥ 0.8.
 * 3. **Ingest beside uploads**: plain JSON ingest (wrk) into one app while another app takes
 *    uploads, against the same ingest without uploads, A B B A: ratio ≥ 0.9.
 *
 * Prints one table row per goal. The upload client streams its bodies from a generator, so
 * the client's own memory stays small too.
 */
import { createHash } from 'node:crypto'
import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { call, publishedApp, signup } from './lib/api.ts'
import { memoryMb, removeTempDirs, resetPeak, startBaseline, startSvc } from './lib/servers.ts'
import { requireWrk, wrk } from './lib/wrk.ts'

const quick = process.argv.includes('--quick')
const MIB = 1024 * 1024
const FILE_BYTES = 25 * MIB
const CONCURRENT = 20
const THROUGHPUT_FILES = quick ? 4 : 8
const SECONDS = quick ? 3 : 10

/** One MiB of bytes that do not compress to nothing, reused for every chunk. */
const CHUNK = Uint8Array.from({ length: MIB }, (_, i) => (i * 2654435761) >>> 24)

/** A body of `bytes` bytes, made one chunk at a time. */
function body(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      const size = Math.min(CHUNK.length, bytes - sent)
      controller.enqueue(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))
      sent += size
    },
  })
}

/** A multipart body with one text part and one file part of `bytes`, streamed. */
function multipart(bytes: number, boundary: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`)
  const file = body(bytes).getReader()
  let stage = 0
  return new ReadableStream({
    async pull(controller) {
      if (stage === 0) {
        stage = 1
        return controller.enqueue(head)
      }
      if (stage === 1) {
        const { value, done } = await file.read()
        if (!done) return controller.enqueue(value)
        stage = 2
        return controller.enqueue(tail)
      }
      controller.close()
    },
  })
}

/** Posts one record with a file of `bytes` to the endpoint's /form. */
async function postForm(endpoint: string, bytes: number): Promise<void> {
  const boundary = `bench${Math.random().toString(36).slice(2)}`
  const response = await fetch(`${endpoint}/form`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
    body: multipart(bytes, boundary),
    duplex: 'half',
  } as RequestInit)
  if (response.status !== 200) throw new Error(`form post: ${response.status} ${await response.text()}`)
}

/** Uploads a raw file of `bytes` to the endpoint's /files. */
async function upload(endpoint: string, bytes: number): Promise<void> {
  const response = await fetch(endpoint.endsWith('/') ? endpoint : `${endpoint}/files?name=cv.bin`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes) },
    body: body(bytes),
    duplex: 'half',
  } as RequestInit)
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`)
}

/** Writes `bytes` to a file in `dir` chunk by chunk, hashed as svc hashes, then fsyncs it: what the disk can do. */
function writeToDisk(dir: string, bytes: number): void {
  const path = join(dir, `baseline-${Math.random().toString(36).slice(2)}`)
  const fd = openSync(path, 'w', 0o600)
  const hash = createHash('sha256')
  try {
    for (let sent = 0; sent < bytes; sent += CHUNK.length) {
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent))
      hash.update(chunk)
      writeSync(fd, chunk)
    }
    fsyncSync(fd)
  } finally {
    closeSync(fd)
    rmSync(path)
  }
  hash.digest()
}

async function timed(work: () => Promise<void> | void): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

const row = (goal: string, measured: string, baseline: string, ratio: number, target: string, met: boolean) =>
  console.log(`| ${goal} | ${measured} | ${baseline} | ${ratio.toFixed(2)} | ${target} | ${met ? 'yes' : 'no'} |`)

async function main(): Promise<void> {
  // Long: three goals share one server and its apps, measured one after another.
  requireWrk()
  const svc = await startSvc({
    SVC_SYNC: 'full',
    SVC_FILES_QUOTA: String(64 * 1024 * MIB),
    SVC_UPLOAD_RATE: String(1024 * 1024 * MIB),
  })
  try {
    const token = await signup(svc.url)
    const withFile = async (name: string) => {
      const app = await publishedApp(svc.url, token, name)
      await call(`${svc.url}/api/v3/apps/${app.id}/fields`, {
        method: 'POST',
        token,
        json: { name: 'cv', type: 'file', maxSize: FILE_BYTES },
      })
      return app
    }
    const uploads = await withFile('uploads')
    const plain = await publishedApp(svc.url, token, 'plain ingest')

    // 1. Memory: 20 concurrent 25 MiB multipart posts.
    await postForm(uploads.endpoint, MIB)
    Bun.gc(true)
    await Bun.sleep(500)
    const idle = memoryMb(svc.proc.pid).rss
    resetPeak(svc.proc.pid)
    await Promise.all(Array.from({ length: CONCURRENT }, () => postForm(uploads.endpoint, FILE_BYTES)))
    const peak = memoryMb(svc.proc.pid).peak
    row(
      `${CONCURRENT} concurrent ${FILE_BYTES / MIB} MiB multipart uploads: peak RSS over idle`,
      `${Math.round(peak - idle)} MiB`,
      `${Math.round(idle)} MiB idle`,
      (peak - idle) / 128,
      '≤ 1.0 of 128 MiB',
      peak - idle <= 128,
    )

    // 2. Throughput: files.upload one at a time vs the same bytes written to the same disk (A),
    // and vs a bare Bun.serve taking the same uploads to that disk (C): what HTTP itself costs.
    const bare = await startBaseline('bench/upload-baseline-server.ts')
    const rounds: Array<['A' | 'B' | 'C', number]> = []
    for (const side of ['A', 'B', 'C', 'C', 'B', 'A'] as const) {
      const ms = await timed(async () => {
        for (let i = 0; i < THROUGHPUT_FILES; i++) {
          if (side === 'A') writeToDisk(svc.dataDir, FILE_BYTES)
          else await upload(side === 'B' ? uploads.endpoint : bare.url, FILE_BYTES)
        }
      })
      rounds.push([side, (THROUGHPUT_FILES * FILE_BYTES) / MIB / (ms / 1000)])
      console.error(`round ${side}: ${rounds.at(-1)![1].toFixed(0)} MiB/s`)
    }
    await bare.stop()
    const mean = (side: 'A' | 'B' | 'C') => rounds.filter(([s]) => s === side).reduce((sum, [, v]) => sum + v, 0) / 2
    const throughput = mean('B') / mean('A')
    row(
      'upload throughput (files.upload, 25 MiB files) vs writing the same bytes to the same disk',
      `${mean('B').toFixed(0)} MiB/s`,
      `${mean('A').toFixed(0)} MiB/s`,
      throughput,
      '≥ 0.8',
      throughput >= 0.8,
    )
    const overHttp = mean('B') / mean('C')
    row(
      'upload throughput vs a bare Bun.serve hashing the same uploads to the same disk',
      `${mean('B').toFixed(0)} MiB/s`,
      `${mean('C').toFixed(0)} MiB/s`,
      overHttp,
      '(context)',
      true,
    )

    // 3. JSON ingest with uploads running on another app vs without: uploads as fast as the
    // machine takes them (B), and at a line rate a small VPS has, 40 MiB/s (C).
    const json = JSON.stringify({ email: 'ada@example.com', message: 'Hello from the benchmark', n: 42 })
    const ingest = (seconds = SECONDS) => wrk({ url: plain.endpoint, method: 'POST', body: json, seconds })
    await ingest(2)
    const ingestRounds: Array<['A' | 'B' | 'C', number]> = []
    for (const side of ['A', 'B', 'C', 'C', 'B', 'A'] as const) {
      let uploading = side !== 'A'
      const background = (async () => {
        while (uploading) {
          const started = performance.now()
          await upload(uploads.endpoint, 4 * MIB)
          // 4 MiB at 40 MiB/s: one upload every 100 ms.
          if (side === 'C') await Bun.sleep(Math.max(0, 100 - (performance.now() - started)))
        }
      })()
      const result = await ingest()
      uploading = false
      await background
      if (result.non2xx || result.errors) throw new Error(`round ${side}: ${result.non2xx} non-2xx`)
      ingestRounds.push([side, result.requestsPerSecond])
      console.error(`ingest round ${side}: ${Math.round(result.requestsPerSecond)} req/s`)
    }
    const ingestMean = (side: 'A' | 'B' | 'C') =>
      ingestRounds.filter(([s]) => s === side).reduce((sum, [, v]) => sum + v, 0) / 2
    for (const [side, what] of [
      ['B', 'as fast as they go'],
      ['C', 'at 40 MiB/s'],
    ] as const) {
      const beside = ingestMean(side) / ingestMean('A')
      row(
        `JSON ingest with uploads ${what} on another app vs without`,
        `${Math.round(ingestMean(side))} req/s`,
        `${Math.round(ingestMean('A'))} req/s`,
        beside,
        '≥ 0.9',
        beside >= 0.9,
      )
    }
  } finally {
    await svc.stop()
    removeTempDirs()
  }
}

await main()
