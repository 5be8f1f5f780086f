/**
 * @module Opens the blob store the configuration names: S3 when SVC_FILES_URL is set, else
 * the disk store under `<data dir>/files`, next to the database.
 */
import { join } from 'node:path'
import type { BlobStore } from '../core/files/blob-store.ts'
import { diskBlobStore } from './disk.ts'
import { s3BlobStore, type S3StoreOptions } from './s3.ts'

export interface BlobStoreConfig {
  dataDir: string
  /** SVC_FILES_URL (`s3://…`, see server/files/s3-url.ts), or null for the disk. */
  filesUrl: string | null
}

/** The blob store of `config`: S3 for a files URL, the data dir's `files` folder otherwise. */
export function openBlobStore(config: BlobStoreConfig, s3Options?: S3StoreOptions): BlobStore {
  return config.filesUrl ? s3BlobStore(config.filesUrl, s3Options) : diskBlobStore(join(config.dataDir, 'files'))
}
