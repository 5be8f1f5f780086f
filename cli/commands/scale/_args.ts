/**
 * @module Argument fragments and the number and score parsing the scale commands share
 * (citty has no number type).
 */
import { usageError } from '../../errors.ts'
import { SCALE_METHODS } from '../../../server/contract/scales/model.ts'

export const scaleArg = {
  scale: {
    type: 'string',
    description: 'Scale key or id (see `svc-cli scale list`)',
    required: true,
    valueHint: 'scale',
  },
} as const

export const methodArg = {
  method: {
    type: 'enum' as const,
    options: [...SCALE_METHODS] as string[],
    description: 'How items combine: sum or mean (weighted)',
    valueHint: 'sum|mean',
  },
}

const DECIMAL = /^-?\d+(\.\d+)?$/

/** A decimal number flag; usage error otherwise. */
export function numberArg(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined
  if (!DECIMAL.test(raw.trim())) throw usageError(`--${flag} must be a number such as 3 or 2.5, got "${raw}"`)
  return Number(raw.trim())
}

/** A level bound: a number, or `none` for an open end (null). */
export function boundArg(raw: string | undefined, flag: string): number | null | undefined {
  if (raw !== undefined && raw.trim().toLowerCase() === 'none') return null
  return numberArg(raw, flag)
}

/** `--scores` as a JSON object or `option=score` pairs separated by commas. */
export function parseScores(raw: string | undefined): Record<string, number> | undefined {
  if (raw === undefined) return undefined
  const text = raw.trim()
  if (text.startsWith('{')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw usageError('--scores looks like JSON but does not parse; use `Never=0,Often=3` or a JSON object')
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw usageError('--scores as JSON must be an object of option → score')
    return parsed as Record<string, number>
  }
  // Built with a null prototype so an option named "__proto__" stays an ordinary key.
  const scores: Record<string, number> = Object.create(null)
  for (const pair of text.split(',')) {
    const at = pair.lastIndexOf('=')
    if (at <= 0)
      throw usageError(`--scores: "${pair.trim()}" is not option=score; use \`Never=0,Often=3\` or a JSON object`)
    scores[pair.slice(0, at).trim()] = numberArg(pair.slice(at + 1), 'scores') as number
  }
  return { ...scores }
}
