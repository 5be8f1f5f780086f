/**
 * `bun bench/insert-chunks.ts` — what multi-row INSERT statements save. Inserts record rows
 * into svc's own schema (file database, WAL, groups of 1000 rows per transaction) once
 * through `insertRecordRows` (chunks of 64, 32, … rows per statement) and once one row per
 * call, alternating rounds so both see the same machine, and prints µs per row and the ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { newId } from '../server/core/ids.ts'
import { openStore } from '../server/db/sqlite/connection.ts'
import { inImmediateTransaction } from '../server/db/sqlite/immediate.ts'
import { migrateStore } from '../server/db/sqlite/migrate.ts'
import { insertRecordRows, type RecordRow } from '../server/db/sqlite/record-insert.ts'

const GROUP = 1000
const WARM_ROWS = 200_000
const MEASURED_ROWS = 200_000
const ROUNDS = 4
const DATA = JSON.stringify({ n: 1, city: 'Lisbon', score: 5, ok: true, note: 'record 1' })

function microsPerRow(chunked: boolean): number {
  const dir = mkdtempSync(join(tmpdir(), 'svc-insert-'))
  const store = openStore(join(dir, 'svc.db'), { synchronous: 'normal' })
  try {
    migrateStore(store)
    const now = Date.now()
    const appId = newId()
    store.sqlite.run("INSERT INTO users (id, email, created_at, updated_at) VALUES ('u', 'bench@example.com', 0, 0)")
    store.sqlite.run('INSERT INTO apps (id, owner_id, name, created_at, updated_at) VALUES (?, ?, ?, 0, 0)', [
      appId,
      'u',
      'bench',
    ])
    let seq = 0
    const group = () => {
      const rows: RecordRow[] = []
      for (let i = 0; i < GROUP; i++, seq++)
        rows.push([newId(), appId, seq + 1, seq + 1, seq + 1, 0, DATA, '{}', null, now])
      inImmediateTransaction(store, () => {
        if (chunked) insertRecordRows(store, rows)
        else for (const row of rows) insertRecordRows(store, [row])
      })
    }
    while (seq < WARM_ROWS) group()
    const started = performance.now()
    while (seq < WARM_ROWS + MEASURED_ROWS) group()
    return ((performance.now() - started) * 1000) / MEASURED_ROWS
  } finally {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const single: number[] = []
const chunked: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  single.push(microsPerRow(false))
  chunked.push(microsPerRow(true))
  console.error(
    `round ${round + 1}: one row per statement ${single.at(-1)!.toFixed(2)} µs/row, chunks ${chunked.at(-1)!.toFixed(2)} µs/row`,
  )
}
console.log(
  `median of ${ROUNDS}: one row per statement ${median(single).toFixed(2)} µs/row, chunks of up to 64 ${median(chunked).toFixed(2)} µs/row → ${(median(chunked) / median(single)).toFixed(2)}`,
)
