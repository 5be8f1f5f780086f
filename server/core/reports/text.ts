/**
 * @module A report as plain text (the `report preview --format text` output): headings,
 * paragraphs, one line per score and a bar per dimension drawn with characters.
 */
import type { ReportBlock, ReportModel, ScoreBlock } from './build.ts'

const BAR_WIDTH = 20

function bar(score: ScoreBlock): string {
  if (score.score === null) return '·'.repeat(BAR_WIDTH)
  const share = (score.score - score.min) / (score.max - score.min)
  const filled = Math.round(Math.max(0, Math.min(1, share)) * BAR_WIDTH)
  return '█'.repeat(filled) + '·'.repeat(BAR_WIDTH - filled)
}

const scoreLine = (score: ScoreBlock): string =>
  `${score.name}: ${score.score ?? 'no answers'}${score.level ? ` (${score.level.label})` : ''}`

function blockText(block: ReportBlock): string[] {
  const lines = block.title ? [block.title, ''] : []
  switch (block.type) {
    case 'text':
      return [...lines, ...block.paragraphs.flatMap((p) => [p, ''])]
    case 'score':
      return [
        ...lines,
        scoreLine(block.score),
        ...(block.score.level?.interpretation ? [block.score.level.interpretation] : []),
        '',
        ...block.paragraphs.flatMap((p) => [p, '']),
      ]
    case 'chart': {
      const width = Math.max(...block.scores.map((s) => s.name.length))
      return [...lines, ...block.scores.map((s) => `${s.name.padEnd(width)}  ${bar(s)}  ${s.score ?? '–'}`), '']
    }
    case 'expert': {
      const who = block.profile
        ? [
            [block.profile.name, block.profile.title].filter(Boolean).join(', '),
            ...(block.profile.bio ? [block.profile.bio] : []),
            '',
          ]
        : []
      return [...lines, ...who, ...block.comments.flatMap((c) => [`${c.scale} – ${c.level}:`, ...c.text, ''])]
    }
  }
}

/** The whole report as text, pages separated by a rule. */
export function reportText(model: ReportModel): string {
  const pages = model.pages.map((page) =>
    [...(page.title ? [page.title.toUpperCase(), ''] : []), ...page.blocks.flatMap(blockText)].join('\n').trimEnd(),
  )
  return `${pages.join('\n\n---\n\n')}\n`
}
