/**
 * @module File names as a client gives them, made safe to store and show: the last segment
 * of any path (browsers and curl may send one), no control characters, at most
 * FILE_LIMITS.maxNameLength characters, and `file` when nothing is left. The name is only
 * ever shown; bytes are stored under keys svc makes (core/files/blob-store.ts).
 */
import { FILE_LIMITS } from '../contract/files/model.ts'

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** `given` made safe to store and show. */
export function cleanFileName(given: string | null | undefined): string {
  const segments = (given ?? '').split(/[/\\]/)
  const last = (segments[segments.length - 1] ?? '').replace(CONTROL, '').trim()
  const name = last === '.' || last === '..' ? '' : last
  const cut = [...name].slice(0, FILE_LIMITS.maxNameLength).join('')
  return cut === '' ? 'file' : cut
}
