/**
 * @module The baseline of the upload benchmark (bench/files.ts): a bare Bun.serve that takes
 * a POSTed body and does with it what svc must, no more: hashes it (SHA-256), writes it to a
 * new file beside the path given as argv[2] (startBaseline's) as it arrives, fsyncs and answers 200. What this
 * machine can do for an HTTP upload, against which svc's own cost shows.
 */
import { createHash, randomUUID } from 'node:crypto'
import { open, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'

if (!process.argv[2]) throw new Error('usage: bun bench/upload-baseline-server.ts <file in the folder to write to>')
const dir = dirname(process.argv[2])

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const path = join(dir, randomUUID())
    const file = await open(path, 'wx', 0o600)
    const hash = createHash('sha256')
    let size = 0
    if (request.body)
      for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk)
        size += chunk.byteLength
        await file.write(chunk)
      }
    await file.sync()
    await file.close()
    await unlink(path)
    return Response.json({ size, sha256: hash.digest('hex') })
  },
})
// The port alone on the first line, as startBaseline reads it.
console.log(server.port)
