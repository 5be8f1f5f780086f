/**
 * Every property test says how to replay its failure (issue 40): the properties run through
 * check.ts, whose failure names the seed and the path.
 */
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import fc from 'fast-check'
import { checkProperty } from './check.ts'

test('a failing property names its seed and path, and the failed expectation', async () => {
  const errors: string[] = []
  const log = console.error
  console.error = (line: string) => void errors.push(line)
  try {
    const failure = await checkProperty(
      'no number above 10',
      fc.property(fc.integer(), (n) => expect(n).toBeLessThanOrEqual(10)),
      { seed: 42 },
    ).catch((error: Error) => error)
    expect(failure).toBeInstanceOf(Error)
    const message = (failure as Error).message
    expect(message).toStartWith('property "no number above 10" failed: seed 42, path "')
    expect(message).toContain('SVC_PROPERTY_SEED=42 SVC_PROPERTY_PATH=')
    expect(message).toContain('toBeLessThanOrEqual')
    expect(errors).toEqual([message.split('\n')[0]])
  } finally {
    console.error = log
  }
})

test('every property test of test/property runs its properties through checkProperty', () => {
  for (const name of readdirSync(import.meta.dir).filter(
    (file) => file.endsWith('.test.ts') && file !== 'check.test.ts',
  )) {
    const text = readFileSync(`${import.meta.dir}/${name}`, 'utf8')
    expect([name, text.includes('fc.assert(')]).toEqual([name, false])
  }
})
