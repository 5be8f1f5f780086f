import { describe, expect, test } from 'bun:test'
import { acceptWords, fileHint } from '../../server/contract/files/hint.ts'

const MiB = 1024 * 1024

describe('what a file input says of its limits', () => {
  test.each([
    [[], ''],
    [['application/pdf'], 'PDF'],
    [['application/pdf', '.pdf', '.docx', 'application/msword'], 'PDF or Word'],
    [['image/*', '.pdf', '.heic'], 'any image, PDF or HEIC'],
    [['application/x-thing'], 'application/x-thing'],
  ])('accept %j reads %j', (accept, words) => {
    expect(acceptWords(accept)).toBe(words)
  })

  test.each([
    [{ maxFiles: 1, maxSize: 25 * MiB, accept: ['.pdf', '.docx'] }, 'One file: PDF or Word, up to 25 MiB.'],
    [{ maxFiles: 1, maxSize: 512 * 1024, accept: [] }, 'One file of any kind, up to 512 KiB.'],
    [{ maxFiles: 4, maxSize: 10 * MiB, accept: ['image/*'] }, 'Up to 4 files: any image, each up to 10 MiB.'],
    [{ maxFiles: 2, maxSize: 1.5 * MiB, accept: [] }, 'Up to 2 files of any kind, each up to 1.5 MiB.'],
  ])('%j: %s', (options, hint) => {
    expect(fileHint(options)).toBe(hint)
  })
})
