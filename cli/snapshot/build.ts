/**
 * @module Builds a snapshot of an app (every section, or one) as JSON data and Markdown.
 * Used by `svc-cli snapshot` and the MCP tool svc_snapshot.
 */
import type { SvcClient } from '../client.ts'
import { usageError } from '../errors.ts'
import type { Detail } from './section.ts'
import { SECTION_NAMES, SECTIONS } from './sections.ts'

export interface Snapshot {
  appId: string
  detail: Detail
  sections: Record<string, unknown>
}

/** Loads the chosen sections concurrently (shared fetches are made once). */
export async function buildSnapshot(
  client: SvcClient,
  appId: string,
  options: { module?: string; detail?: Detail } = {},
): Promise<{ snapshot: Snapshot; markdown: string }> {
  const detail = options.detail ?? 'full'
  const chosen = options.module ? SECTIONS.filter((s) => s.name === options.module) : SECTIONS
  if (chosen.length === 0)
    throw usageError(`Unknown snapshot module "${options.module}"; choose one of ${SECTION_NAMES.join(', ')}`)
  const shared = new Map<string, unknown>()
  const loaded = await Promise.all(
    chosen.map(async (section) => [section, await section.load(client, appId, shared)] as const),
  )
  const sections: Record<string, unknown> = {}
  const parts: string[] = []
  for (const [section, data] of loaded) {
    sections[section.name] = detail === 'summary' && section.brief ? section.brief(data) : data
    parts.push(section.markdown(data, detail))
  }
  return { snapshot: { appId, detail, sections }, markdown: `${parts.join('\n\n')}\n` }
}
