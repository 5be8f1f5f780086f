/**
 * @module Scores as stored with a record (records.scores, JSON text). Only the format: the
 * stats module reads it, and the `rescore` operation (rescore.ts) that rewrites it rebuilds
 * the stats, so keeping them apart keeps the two modules from importing each other.
 */
import { scoreRecord, type RecordScores, type ScoringDefinition } from '../../contract/scoring/score.ts'

/** The JSON text to store in records.scores for `data`; null when the app has no scales. */
export function scoresColumn(definition: ScoringDefinition, data: Record<string, unknown>): string | null {
  return definition.scales.length === 0 ? null : JSON.stringify(scoreRecord(definition, data))
}

/** Parses records.scores; `{}` for records stored before the app had scales. */
export function parseStoredScores(text: string | null): RecordScores {
  return text ? (JSON.parse(text) as RecordScores) : {}
}
