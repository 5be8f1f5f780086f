/**
 * @module Assembles what a respondent's report shows from the app's report pages, scales,
 * expert and a record's answers and stored scores, as plain data. The text renderer
 * (text.ts) and the HTML page (server/pages/report.ts) both draw this model. An app
 * without report pages gets a default page: every score, the chart, the expert.
 */
import type { AppContext } from '../context.ts'
import { expertCommentsOf, expertProfileOf, type ExpertProfile } from '../expert/expert.ts'
import type { Level } from '../../contract/scales/model.ts'
import { scaleRecordsOf, type ScaleRecord } from '../scales/store.ts'
import type { RecordScores } from '../../contract/scoring/score.ts'
import { fillPlaceholders, type PlaceholderValues } from '../../contract/reports/placeholders.ts'
import { pageRowsOf, sectionsOf, type StoredSection } from './store.ts'

export interface ScoreBlock {
  key: string
  name: string
  score: number | null
  /** Bounds of the chart axis: the scale's level bounds, or the score itself. */
  min: number
  max: number
  level: { key: string; label: string; interpretation: string } | null
}

export type ReportBlock =
  | { type: 'text'; title: string; paragraphs: string[] }
  | { type: 'score'; title: string; score: ScoreBlock; paragraphs: string[] }
  | { type: 'chart'; title: string; scores: ScoreBlock[] }
  | {
      type: 'expert'
      title: string
      profile: ExpertProfile | null
      comments: Array<{ scale: string; level: string; text: string[] }>
    }

export interface ReportModel {
  appName: string
  pages: Array<{ title: string; blocks: ReportBlock[] }>
}

const paragraphs = (text: string, values: PlaceholderValues): string[] =>
  fillPlaceholders(text, values)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)

function axis(levels: readonly Level[], score: number | null): { min: number; max: number } {
  const bounds = levels.flatMap((level) => [level.min, level.max]).filter((v): v is number => v !== null)
  if (score !== null) bounds.push(score)
  if (bounds.length === 0) return { min: 0, max: 1 }
  const min = Math.min(...bounds)
  const max = Math.max(...bounds)
  return min === max ? { min: min - 1, max: max + 1 } : { min, max }
}

function scoreBlock(scale: ScaleRecord, scores: RecordScores): ScoreBlock {
  const stored = scores[scale.key] ?? { score: null, level: null, levelLabel: null }
  const level = scale.levels.find((l) => l.key === stored.level)
  return {
    key: scale.key,
    name: scale.name,
    score: stored.score,
    ...axis(scale.levels, stored.score),
    level:
      stored.level === null
        ? null
        : {
            key: stored.level,
            label: stored.levelLabel ?? level?.label ?? stored.level,
            interpretation: level?.interpretation ?? '',
          },
  }
}

const DEFAULT_SECTIONS: StoredSection[] = [
  { id: 'chart', type: 'chart', title: '', text: '', scaleId: null },
  { id: 'expert', type: 'expert', title: '', text: '', scaleId: null },
]

/** The report model for one record: answers as stored and the scores stored with it. */
export async function buildReport(
  ctx: AppContext,
  appId: string,
  appName: string,
  answers: Record<string, unknown>,
  scores: RecordScores,
): Promise<ReportModel> {
  const scales = (await scaleRecordsOf(ctx, appId)).filter((scale) => Object.hasOwn(scores, scale.key))
  const values: PlaceholderValues = { answers, scores }
  const profile = await expertProfileOf(ctx, appId)
  const comments = await expertCommentsOf(ctx, appId)
  const rows = await pageRowsOf(ctx, appId)
  const pages =
    rows.length > 0
      ? rows.map((row) => ({ title: fillPlaceholders(row.title, values), sections: sectionsOf(row) }))
      : [
          {
            title: appName,
            sections: [
              ...scales.map(
                (scale): StoredSection => ({ id: scale.id, type: 'score', title: '', text: '', scaleId: scale.id }),
              ),
              ...DEFAULT_SECTIONS,
            ],
          },
        ]
  const hasProfile = profile.name !== '' || profile.bio !== ''

  const blockOf = (section: StoredSection): ReportBlock | null => {
    const title = fillPlaceholders(section.title, values)
    const scale = section.scaleId === null ? undefined : scales.find((s) => s.id === section.scaleId)
    switch (section.type) {
      case 'intro':
      case 'closing':
        return { type: 'text', title, paragraphs: paragraphs(section.text, values) }
      case 'score':
        return scale
          ? { type: 'score', title, score: scoreBlock(scale, scores), paragraphs: paragraphs(section.text, values) }
          : null
      case 'chart':
        return scales.length > 0 ? { type: 'chart', title, scores: scales.map((s) => scoreBlock(s, scores)) } : null
      case 'expert': {
        if (section.scaleId !== null && !scale) return null
        const shown = scale ? [scale] : scales
        const picked = shown.flatMap((s) => {
          const level = scores[s.key]?.level
          const comment = comments.find((c) => c.scale === s.key && c.level === level)
          return comment
            ? [
                {
                  scale: s.name,
                  level: scores[s.key].levelLabel ?? comment.level,
                  text: paragraphs(comment.text, values),
                },
              ]
            : []
        })
        return hasProfile || picked.length > 0
          ? { type: 'expert', title, profile: hasProfile ? profile : null, comments: picked }
          : null
      }
    }
  }

  return {
    appName,
    pages: pages.map((page) => ({
      title: page.title,
      blocks: page.sections.map(blockOf).filter((b): b is ReportBlock => b !== null),
    })),
  }
}
