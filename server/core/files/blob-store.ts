/**
 * @module Where file bytes live, as the context names it (`ctx.blobs`): the interface. The
 * stores are server/files/disk.ts (a folder under the data dir, the default) and
 * server/files/s3.ts (S3-compatible object storage, SVC_FILES_URL=s3://…). Keys are made by
 * svc (`<app id>/<file id>`, `uploads/<upload id>/<n>`), never taken from a client. Every
 * method streams: no method holds a whole file in memory.
 */

/** Bytes `start`…`end` of a blob, both inclusive. */
export interface ByteRange {
  start: number
  end: number
}

/** What `write` stored. */
export interface Written {
  /** Bytes stored under the key. */
  bytes: number
  /** True when the source failed part-way and `keepPartial` kept what had arrived. */
  cut: boolean
}

export interface BlobStore {
  /** `disk` or `s3`, for the logs and the summary. */
  readonly kind: 'disk' | 's3'
  /**
   * Writes `source` under `key` as it arrives. When `source` throws, nothing is kept under
   * `key` and the error is rethrown, unless `keepPartial` (tus: a cut PATCH keeps what
   * arrived), when the bytes received are kept and `cut` is true. Once it resolves, the
   * bytes are durable (fsynced on disk; acknowledged by the object store).
   */
  write(key: string, source: AsyncIterable<Uint8Array>, options?: { keepPartial?: boolean }): Promise<Written>
  /** The bytes under `key` (or `range` of them); rejects with BlobMissing when there is none. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>
  /** The size of the blob under `key`, or null when there is none. */
  size(key: string): Promise<number | null>
  /** Deletes the blobs under `keys`; keys with nothing under them are no error. */
  remove(keys: readonly string[]): Promise<void>
  /** Bytes the store holds in all (for the summary and the operator), or null when it cannot tell cheaply. */
  totalBytes(): Promise<number | null>
}

/** A read of a key with nothing under it. */
export class BlobMissing extends Error {
  override name = 'BlobMissing'
  constructor(readonly key: string) {
    super(`no blob under ${key}`)
  }
}
