/**
 * @module The blob store of a test context: a folder of its own under the run's temp root,
 * made on the first write (most contexts never store a file).
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { BlobStore } from '../../server/core/files/blob-store.ts'
import { diskBlobStore } from '../../server/files/disk.ts'
import { sharedTempPath } from './tmp.ts'

/** A disk blob store in a fresh folder of this run's temp root. */
export const testBlobStore = (): BlobStore => diskBlobStore(join(sharedTempPath('blobs'), randomUUID()))
