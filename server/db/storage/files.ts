/**
 * @module The storage of files' rows (their bytes live in the blob store, core/files/blob-store.ts):
 * the interface core calls (implemented in sqlite/files.ts and postgres/files.ts) and its
 * plain row types. A file is *pending* (uploaded, no record names it yet) until a record's
 * commit claims it (RecordStore.commitGroup with NewRecord.files, in the same transaction
 * as the record), then *attached* to that record. Files whose record or app is gone, and
 * pending files past their time, are *orphans*: `orphans` finds them and `forget` deletes
 * their rows once the sweeper (server/files/sweeper.ts) removed their bytes.
 *
 * Resumable uploads (tus) keep a row of their own per upload while bytes arrive, in chunks
 * stored under their own blob keys; a finished upload becomes a pending file.
 */

/** A file as stored. */
export interface FileRow {
  id: string
  appId: string
  /** The record that holds it; null while pending. */
  recordId: string | null
  /** Where the bytes are in the blob store. */
  blobKey: string
  /** The name as given (cleaned by core). */
  name: string
  size: number
  /** The sniffed MIME type. */
  type: string
  /** Lowercase hex. */
  sha256: string
  /** The client key (core/client-key.ts) that uploaded it; null for the owner's own. */
  uploadedBy: string | null
  createdAt: number
}

/** A resumable upload under way. */
export interface UploadRow {
  id: string
  appId: string
  /** Bytes the upload will have in all (tus Upload-Length). */
  length: number
  /** Bytes received so far, in `chunks` (tus Upload-Offset). */
  offset: number
  /** The blob keys of the chunks received, in order (their sizes add up to `offset`). */
  chunks: string[]
  /** The file name from the tus metadata (`filename` or `name`), cleaned; '' when none was given. */
  name: string
  /** The client key that created it; null for the owner's own. */
  uploadedBy: string | null
  createdAt: number
  /** Epoch ms after which an unfinished upload is deleted (tus expiration). */
  expiresAt: number
}

/** Bytes and count of an app's files, pending and attached, and of its uploads under way. */
export interface FileUsage {
  files: number
  bytes: number
}

export interface FileStore {
  /** Stores a new pending file. */
  insert(row: FileRow): Promise<void>
  /** The app's file with `id` (pending or attached), or null. */
  get(appId: string, id: string): Promise<FileRow | null>
  /** The app's pending files among `ids` (any other id is simply not in the answer). */
  pending(appId: string, ids: readonly string[]): Promise<FileRow[]>
  /** The files attached to these records of the app, in upload order. */
  ofRecords(appId: string, recordIds: readonly string[]): Promise<FileRow[]>
  /** Bytes held by the app: its files and its uploads' received bytes (the quota counts both). */
  usage(appId: string): Promise<FileUsage>
  /**
   * Up to `limit` orphans: files whose record or app no longer exists, pending files created
   * before `pendingBefore`, and uploads that expired before `now` (returned as rows with their
   * chunks' keys). The rows stay until `forget`.
   */
  orphans(pendingBefore: number, now: number, limit: number): Promise<{ files: FileRow[]; uploads: UploadRow[] }>
  /** Deletes the rows of these files and uploads (their bytes are already gone). */
  forget(fileIds: readonly string[], uploadIds: readonly string[]): Promise<void>
  /** Deletes the rows of the app's pending files among `ids` (a refused record's own uploads); returns the rows deleted. */
  discardPending(appId: string, ids: readonly string[]): Promise<FileRow[]>

  /** Stores a new upload (offset 0, no chunks). */
  createUpload(row: UploadRow): Promise<void>
  /** The app's upload with `id`, or null. */
  getUpload(appId: string, id: string): Promise<UploadRow | null>
  /**
   * Appends a chunk of `bytes` stored under `chunkKey` if the upload is still at `offset`
   * (another PATCH may have moved it, also in another process); returns the row after, or
   * null when the offset had moved (the chunk is then not the upload's).
   */
  appendChunk(appId: string, id: string, offset: number, chunkKey: string, bytes: number): Promise<UploadRow | null>
  /** Turns the finished upload into the pending file `file` (same transaction): the upload row goes. False when it was gone. */
  finishUpload(appId: string, id: string, file: FileRow): Promise<boolean>
  /** Deletes the upload's row (tus termination); returns it, or null when there was none. */
  removeUpload(appId: string, id: string): Promise<UploadRow | null>
}
