/**
 * @module `share export --files DIR`: every file of the exported records saved as
 * `DIR/<record id>/<name>`. The records are read again as JSON Lines with the export's spam
 * choice and filter (whatever format was written), so a CSV export and its files come from
 * one selection; a record posted between the two reads may add a folder. Every target is
 * checked before the first download, so without --force nothing is written when one exists.
 */
import { join } from 'node:path'
import type { FileObject } from '../../../server/contract/files/model.ts'
import type { SvcClient } from '../../client.ts'
import { CliError } from '../../errors.ts'
import { chunksOf, cleanName, plan, recordFiles, refuseExisting, saveFiles, type SavedFile } from '../records/_save.ts'

/** What --files saved. */
export interface FilesSaved {
  dir: string
  records: number
  files: SavedFile[]
  bytes: number
}

/** One line for people: how many files of how many records went where. */
export const filesLine = (saved: FilesSaved): string =>
  `Saved ${saved.files.length} file${saved.files.length === 1 ? '' : 's'} (${saved.bytes} bytes) of ${saved.records} record${saved.records === 1 ? '' : 's'} into ${saved.dir}`

/** The records of the selection that hold files, with their files, read from the JSON Lines export. */
async function recordsWithFiles(
  client: SvcClient,
  app: string,
  query: { spam?: string; filter?: string },
): Promise<Array<{ id: string; files: Array<[string, FileObject]> }>> {
  const response = await client.callDownload(
    'records.exportJsonl',
    { params: { id: app }, query: { spam: query.spam === 'exclude' ? undefined : query.spam, filter: query.filter } },
    { headers: { accept: 'application/x-ndjson' } },
  )
  if (!response.body) throw new CliError('bad_response', 'The server sent an empty export')
  const out: Array<{ id: string; files: Array<[string, FileObject]> }> = []
  const decoder = new TextDecoder()
  let pending = ''
  const take = (line: string) => {
    if (line.trim() === '') return
    const record = JSON.parse(line) as { id: string; data: Record<string, unknown> }
    const files = recordFiles(record.data)
    if (files.length > 0) out.push({ id: record.id, files })
  }
  for await (const chunk of chunksOf(response.body)) {
    pending += decoder.decode(chunk, { stream: true })
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) take(line)
  }
  take(pending + decoder.decode())
  return out
}

/** Saves every file of the selection into `dir`/<record id>/. */
export async function exportedFiles(
  client: SvcClient,
  app: string,
  query: { spam?: string; filter?: string },
  dir: string,
  force: boolean,
): Promise<FilesSaved> {
  const records = await recordsWithFiles(client, app, query)
  const folders = records.map((record) => join(dir, cleanName(record.id, 'record')))
  if (!force) refuseExisting(records.flatMap((record, i) => plan(record.files, folders[i]).targets))
  const saved: SavedFile[] = []
  for (let i = 0; i < records.length; i++)
    saved.push(...(await saveFiles(client, app, records[i].files, folders[i], force)))
  return {
    dir: plan([], dir).folder,
    records: records.length,
    files: saved,
    bytes: saved.reduce((sum, file) => sum + file.size, 0),
  }
}
