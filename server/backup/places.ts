/**
 * @module Where scheduled backups are kept: a folder (SVC_BACKUP_DIR) or an S3 bucket
 * (SVC_BACKUP_URL). Each place lists its backups by name (names sort as their times), takes
 * a new archive written locally, and removes old ones. Every S3 request has a deadline.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseFilesUrl } from '../files/s3-url.ts'
import { s3ClientAt, s3StoreAt, withTimeout } from '../files/s3.ts'
import { archiveTime } from './archive.ts'

export interface BackupPlace {
  /** Where the archive `name` is written first: in the place itself for a folder, beside the data for S3. */
  localPath(name: string): string
  /** Makes the archive at localPath(name) part of the place. */
  keep(name: string): Promise<void>
  /** The names of the backups there, oldest first. */
  list(): Promise<string[]>
  remove(names: readonly string[]): Promise<void>
  /** How the log names it (never a credential). */
  readonly description: string
}

const backupsOnly = (names: string[]) => names.filter((name) => archiveTime(name) !== null).sort()

/** A folder, made (0700) when missing. */
export function folderPlace(dir: string): BackupPlace {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return {
    description: dir,
    localPath: (name) => join(dir, name),
    keep: async () => {},
    list: async () => backupsOnly(readdirSync(dir)),
    async remove(names) {
      for (const name of names) rmSync(join(dir, name), { force: true })
    },
  }
}

/** A bucket (SVC_BACKUP_URL's form); archives are staged in `stagingDir` and uploaded. */
export function s3Place(url: string, stagingDir: string, env: Record<string, string | undefined>): BackupPlace {
  const location = parseFilesUrl(url, env, 'SVC_BACKUP_URL')
  const timeoutMs = 60_000
  const store = s3StoreAt(location, { timeoutMs })
  const client = s3ClientAt(location)
  const prefix = location.prefix ? `${location.prefix}/` : ''
  const staged = (name: string) => join(stagingDir, `.upload-${name}`)
  return {
    description: `s3://${location.bucket}/${location.prefix}`,
    localPath: staged,
    async keep(name) {
      try {
        await store.write(name, Bun.file(staged(name)).stream() as unknown as AsyncIterable<Uint8Array>)
      } finally {
        rmSync(staged(name), { force: true })
      }
    },
    async list() {
      const names: string[] = []
      let continuationToken: string | undefined
      do {
        const listing = await withTimeout(
          client.list({ prefix, maxKeys: 1000, ...(continuationToken ? { continuationToken } : {}) }),
          timeoutMs,
          'LIST',
        )
        for (const object of listing.contents ?? []) names.push(object.key.slice(prefix.length))
        continuationToken = listing.isTruncated ? listing.nextContinuationToken : undefined
      } while (continuationToken)
      return backupsOnly(names)
    },
    remove: (names) => store.remove(names),
  }
}
