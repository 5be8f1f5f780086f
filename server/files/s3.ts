/**
 * @module The S3 blob store: blobs as objects of an S3-compatible bucket (SVC_FILES_URL, whose
 * form server/files/s3-url.ts documents), through Bun's own S3 client.
 *
 * A write hands the client a stream it pulls from as it uploads, part by part (multipart
 * above `partSize`), so memory stays near `partSize × (queueSize + 1)` whatever the file's
 * size. The client's `writer()` is not used: its `write` never waits (a fast source fills
 * memory) and `end(error)` completes the upload rather than abort it. A source that fails
 * errors the stream, and the client then completes nothing: no object appears under the key.
 * (An aborted multipart upload's parts are the service's to drop; a bucket lifecycle rule
 * "abort incomplete multipart uploads after 1 day" keeps them from piling up.)
 *
 * The client takes no deadline of its own, so every request here has one (`timeoutMs`): a
 * service that stops answering fails the call instead of hanging it. A write's deadline runs
 * only while the service holds things up, never while the source is slow.
 *
 * `totalBytes` lists the bucket (prefix) page by page, 1000 keys a request, and gives up with
 * null past `maxListPages` pages: an operator's number, not worth a million requests.
 */
import { S3Client } from 'bun'
import { BlobMissing, type BlobStore, type ByteRange, type Written } from '../core/files/blob-store.ts'
import { checkKey, checkRange } from './keys.ts'
import { parseFilesUrl, type S3Location } from './s3-url.ts'

export interface S3StoreOptions {
  /** Bytes of one uploaded part (5 MiB, S3's least). */
  partSize?: number
  /** Parts uploaded at once (1). */
  queueSize?: number
  /** Retries of a failed request by the client (3). */
  retry?: number
  /** Longest wait for the service in any one request (60 s). */
  timeoutMs?: number
  /** Pages `totalBytes` lists before it answers null (100). */
  maxListPages?: number
  /** Keys a page of the listing asks for (1000, S3's most). */
  listPageSize?: number
  /** Where credentials left out of the URL come from (the process's environment). */
  env?: Record<string, string | undefined>
}

/** A call to the object store that did not answer within its deadline. */
export class BlobStoreTimeout extends Error {
  override name = 'BlobStoreTimeout'
  constructor(what: string, ms: number) {
    super(`S3 ${what} had no answer in ${ms} ms`)
  }
}

const MiB = 1024 * 1024

/** `promise`, or a BlobStoreTimeout once `ms` pass first. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BlobStoreTimeout(what, ms)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** True for the client's "no such object" (S3Error `NoSuchKey`, or `NotFound` from a HEAD). */
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes(codeOf(error))
const codeOf = (error: unknown) => (error instanceof Error ? String((error as { code?: unknown }).code ?? '') : '')

/** A blob store on the bucket SVC_FILES_URL names (see server/files/s3-url.ts for the form). */
export function s3BlobStore(url: string, options: S3StoreOptions = {}): BlobStore {
  return s3StoreAt(parseFilesUrl(url, options.env ?? process.env), options)
}

/** Bun's client for the bucket of `location`, path-style (S3-compatible services), retrying `retry` times. */
export function s3ClientAt(location: S3Location, retry = 3): S3Client {
  return new S3Client({
    bucket: location.bucket,
    region: location.region,
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    ...(location.sessionToken ? { sessionToken: location.sessionToken } : {}),
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    virtualHostedStyle: false,
    retry,
  })
}

/** A blob store on an already parsed location. */
export function s3StoreAt(location: S3Location, options: S3StoreOptions = {}): BlobStore {
  const timeoutMs = options.timeoutMs ?? 60_000
  const upload = { partSize: options.partSize ?? 5 * MiB, queueSize: options.queueSize ?? 1, retry: options.retry ?? 3 }
  const client = s3ClientAt(location, upload.retry)
  const prefix = location.prefix ? `${location.prefix}/` : ''
  const objectKey = (key: string) => prefix + checkKey(key)

  return {
    kind: 's3',
    write: async (key, source, writeOptions) =>
      uploadStream(client, objectKey(key), source, {
        ...upload,
        timeoutMs,
        keepPartial: writeOptions?.keepPartial === true,
      }),

    async read(key, range) {
      const name = objectKey(key)
      checkRange(range)
      try {
        return await openRead(client, name, range, timeoutMs)
      } catch (error) {
        if (isMissing(error)) throw new BlobMissing(key)
        throw error
      }
    },

    async size(key) {
      const name = objectKey(key)
      try {
        return (await withTimeout(client.file(name).stat(), timeoutMs, `HEAD ${name}`)).size
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async remove(keys) {
      const names = keys.map(objectKey)
      // The client has no batch delete (DeleteObjects): a few at once keeps a big upload's parts quick.
      for (let i = 0; i < names.length; i += 8) {
        await Promise.all(
          names.slice(i, i + 8).map((name) => withTimeout(client.delete(name), timeoutMs, `DELETE ${name}`)),
        )
      }
    },

    async totalBytes() {
      let total = 0
      let continuationToken: string | undefined
      for (let page = 0; page < (options.maxListPages ?? 100); page++) {
        const listing = await withTimeout(
          client.list({
            prefix,
            maxKeys: options.listPageSize ?? 1000,
            ...(continuationToken ? { continuationToken } : {}),
          }),
          timeoutMs,
          'LIST',
        )
        for (const object of listing.contents ?? []) total += object.size ?? 0
        if (!listing.isTruncated || !listing.nextContinuationToken) return total
        continuationToken = listing.nextContinuationToken
      }
      return null
    },
  }
}

interface UploadOptions {
  partSize: number
  queueSize: number
  retry: number
  timeoutMs: number
  keepPartial: boolean
}

/**
 * Uploads `source` under `name` through a pulled stream (see the module comment). The
 * deadline is armed whenever the client holds the next chunk up (after a chunk is handed
 * over, and after the end while the upload completes) and disarmed while the source is read.
 */
async function uploadStream(
  client: S3Client,
  name: string,
  source: AsyncIterable<Uint8Array>,
  options: UploadOptions,
): Promise<Written> {
  const chunks = source[Symbol.asyncIterator]()
  let bytes = 0
  let cut = false
  let failed: { error: unknown } | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let stalled!: (error: Error) => void
  const stall = new Promise<never>((_, reject) => {
    stalled = reject
  })
  let body!: ReadableStreamDefaultController<Uint8Array>
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      const error = new BlobStoreTimeout(`upload of ${name}`, options.timeoutMs)
      stalled(error)
      // The stream may be closed already (the client is completing the upload): nothing to error then.
      try {
        body.error(error)
      } catch {}
    }, options.timeoutMs)
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        body = controller
      },
      async pull(controller) {
        clearTimeout(timer)
        let next: IteratorResult<Uint8Array>
        try {
          next = await chunks.next()
        } catch (error) {
          if (!options.keepPartial) {
            failed = { error }
            controller.error(error)
            return
          }
          cut = true
          next = { done: true, value: undefined }
        }
        if (next.done) controller.close()
        else {
          bytes += next.value.byteLength
          controller.enqueue(next.value)
        }
        arm()
      },
      async cancel() {
        clearTimeout(timer)
        await chunks.return?.()
      },
    },
    { highWaterMark: 0 },
  )
  const { partSize, queueSize, retry } = options
  const sent = client.write(name, new Response(stream), {
    partSize,
    queueSize,
    retry,
    type: 'application/octet-stream',
  })
  try {
    await Promise.race([sent, stall])
  } catch (error) {
    if (failed) throw (failed as { error: unknown }).error
    if (error instanceof BlobStoreTimeout && !options.keepPartial) {
      // The client cannot be stopped: should the late upload still complete, take it away again.
      void sent.then(() => withTimeout(client.delete(name), options.timeoutMs, `DELETE ${name}`)).catch(() => {})
    } else void sent.catch(() => {})
    throw error
  } finally {
    clearTimeout(timer)
  }
  return { bytes, cut }
}

/** One read of a stream, as the client's stream gives it. */
type ReadResult = { done: true; value?: undefined } | { done: false; value: Uint8Array }

/**
 * A stream of the object (or `range` of it). The first bytes are awaited here, so a missing
 * object rejects this call (the client only asks on the first read); each later read has
 * its own deadline too. A range that starts past the end reads nothing, as on disk.
 */
async function openRead(
  client: S3Client,
  name: string,
  range: ByteRange | undefined,
  timeoutMs: number,
): Promise<ReadableStream<Uint8Array>> {
  const file = client.file(name)
  const reader = (range ? file.slice(range.start, range.end + 1) : file).stream().getReader()
  const readNext = async () => {
    try {
      return await withTimeout(reader.read(), timeoutMs, `GET ${name}`)
    } catch (error) {
      void reader.cancel().catch(() => {})
      throw error
    }
  }
  let first: ReadResult
  try {
    first = await readNext()
  } catch (error) {
    if (codeOf(error) !== 'InvalidRange') throw error
    await withTimeout(file.stat(), timeoutMs, `HEAD ${name}`)
    first = { done: true, value: undefined }
  }
  // At most the range's length: a service may answer a range with more (s3rver gives all of
  // the object for `bytes=0-0`), and the bytes past the range are not what was asked for.
  let left = range ? range.end - range.start + 1 : Number.POSITIVE_INFINITY
  const give = (controller: ReadableStreamDefaultController<Uint8Array>, next: ReadResult) => {
    if (next.done) return controller.close()
    const chunk = next.value.byteLength > left ? next.value.subarray(0, left) : next.value
    left -= chunk.byteLength
    controller.enqueue(chunk)
    if (left === 0) {
      controller.close()
      void reader.cancel().catch(() => {})
    }
  }
  return new ReadableStream<Uint8Array>(
    {
      start: (controller) => give(controller, first),
      pull: async (controller) => give(controller, await readNext()),
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  )
}
