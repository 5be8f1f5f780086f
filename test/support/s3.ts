/**
 * @module A real S3-protocol server for the tests: s3rver (npm) in a Node child process, on a
 * port of its own choosing, over a fresh temp folder, with the bucket `svc` made at start.
 *
 * Why a Node child and not in-process under Bun: s3rver makes its list continuation tokens
 * with the `des` cipher, which Bun's crypto does not know by that name (and Node's OpenSSL 3
 * only with --openssl-legacy-provider), so paged listing fails in Bun; a process of its own
 * also keeps its memory out of the tests' RSS measurements.
 *
 * s3rver accepts the access key `S3RVER` (secret `S3RVER`) and refuses other key ids, but it
 * checks only the key id of a SigV4 request, not the signature itself.
 */
import { join } from 'node:path'
import { tempDir } from './tmp.ts'

export const S3RVER_BUCKET = 'svc'
const ROOT = join(import.meta.dir, '..', '..')

export interface S3Server {
  /** The service's URL (`http://127.0.0.1:<port>`). */
  endpoint: string
  /** SVC_FILES_URL for the bucket, under `prefix` when given. */
  filesUrl(prefix?: string): string
  stop(): Promise<void>
}

/** Starts s3rver and resolves once it listens, or with `failed` saying why it cannot run here. */
export async function startS3rver(timeoutMs = 15_000): Promise<S3Server | { failed: string }> {
  const node = Bun.which('node')
  if (!node) return { failed: 'no `node` on the PATH to run s3rver' }
  const major = Number(/^v(\d+)/.exec(Bun.spawnSync([node, '--version']).stdout.toString())?.[1] ?? 0)
  const command = [
    node,
    ...(major >= 17 ? ['--openssl-legacy-provider'] : []),
    join(ROOT, 'node_modules', 's3rver', 'bin', 's3rver.js'),
    ...['--directory', tempDir('s3rver-'), '--address', '127.0.0.1', '--port', '0', '--silent'],
    ...['--no-vhost-buckets', '--configure-bucket', S3RVER_BUCKET],
  ]
  const proc = Bun.spawn(command, { cwd: ROOT, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  const port = await listeningPort(proc.stdout, timeoutMs)
  if (typeof port !== 'number') {
    proc.kill()
    return { failed: `${port}\n${await new Response(proc.stderr).text()}` }
  }
  // A test process that dies without stopping it should not leave the server behind.
  const orphaned = () => proc.kill()
  process.once('exit', orphaned)
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    filesUrl: (prefix = '') =>
      `s3://S3RVER:S3RVER@${S3RVER_BUCKET}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    async stop() {
      process.off('exit', orphaned)
      proc.kill()
      await proc.exited
    },
  }
}

/** The port of s3rver's `S3rver listening on <address>:<port>` line, or why there is none. */
async function listeningPort(stdout: ReadableStream<Uint8Array>, timeoutMs: number): Promise<number | string> {
  const reader = stdout.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`s3rver did not listen in ${timeoutMs} ms: ${text}`), timeoutMs)
  })
  const read = (async () => {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return `s3rver exited before listening: ${text}`
      text += decoder.decode(value, { stream: true })
      const match = /listening on \S+:(\d+)/.exec(text)
      if (match) return Number(match[1])
    }
  })()
  const port = await Promise.race([read, late])
  clearTimeout(timer)
  // Keep draining, so the child never blocks on a full pipe.
  if (typeof port === 'number')
    void (async () => {
      for (;;) if ((await reader.read()).done) return
    })().catch(() => {})
  return port
}
