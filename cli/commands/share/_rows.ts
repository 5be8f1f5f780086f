/**
 * @module Counting and reshaping an export while it streams: records in CSV (a quoted
 * cell may hold line breaks) or JSON Lines, and JSON Lines as one JSON array.
 */

const QUOTE = 0x22
const LF = 0x0a

/** Counts record rows in a streamed CSV or JSONL export, chunk by chunk. */
export function rowCounter(format: 'csv' | 'jsonl') {
  let lines = 0
  let quoted = false
  let sawBytes = false
  let endsWithNewline = true
  return {
    add(chunk: Uint8Array) {
      if (chunk.byteLength === 0) return
      sawBytes = true
      for (const byte of chunk) {
        // Bytes, not characters: in UTF-8 no multi-byte character contains `"` or LF.
        if (byte === QUOTE && format === 'csv') quoted = !quoted
        else if (byte === LF && !quoted) lines++
      }
      endsWithNewline = chunk[chunk.byteLength - 1] === LF
    },
    /** Records seen: lines (a last one without its newline counts), less the CSV header. */
    rows(): number {
      const total = lines + (sawBytes && !endsWithNewline ? 1 : 0)
      return format === 'csv' ? Math.max(0, total - 1) : total
    },
  }
}

/**
 * Turns JSON Lines chunks into the text of one JSON array, `[` first and `]` last, one
 * record per line; nothing is buffered beyond the current partial line.
 */
export function jsonArrayWriter(write: (text: string) => void | Promise<void>) {
  const decoder = new TextDecoder()
  let pending = ''
  let count = 0
  const emit = async (line: string) => {
    if (line.trim() === '') return
    await write(`${count === 0 ? '[\n' : ',\n'}${line}`)
    count++
  }
  return {
    async add(chunk: Uint8Array) {
      pending += decoder.decode(chunk, { stream: true })
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) await emit(line)
    },
    /** Writes the rest and the closing bracket; returns how many records were written. */
    async end(): Promise<number> {
      await emit(pending + decoder.decode())
      await write(count === 0 ? '[]\n' : '\n]\n')
      return count
    },
  }
}

/** The UTF-8 byte-order mark a CSV export starts with, so Excel reads the file as UTF-8. */
const BOM = [0xef, 0xbb, 0xbf]

/**
 * The chunks of a download without the byte-order mark it may start with: for stdout, where
 * the bytes go on to a program (`| jq`, `> part.csv | cut`) that would take the mark for text.
 */
export async function* withoutByteOrderMark(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0)
  let checked = false
  for await (const chunk of chunks) {
    if (checked) {
      yield chunk
      continue
    }
    head = head.length === 0 ? chunk : new Uint8Array([...head, ...chunk])
    // The mark may arrive split over chunks: decide once three bytes (or a mismatch) are in.
    if (head.length < BOM.length && head.every((byte, i) => byte === BOM[i])) continue
    checked = true
    const marked = BOM.every((byte, i) => head[i] === byte)
    if (head.length > (marked ? BOM.length : 0)) yield marked ? head.subarray(BOM.length) : head
  }
  if (!checked && head.length > 0 && !BOM.every((byte, i) => head[i] === byte)) yield head
}
