/**
 * @module The snapshot sections of the assessment modules: scales, report, expert, connect.
 * Summary detail keeps what an agent needs to reason about the app (keys, ranges, levels,
 * section order) and drops texts and timestamps.
 */
import type { AnswerOf } from '../../server/contract/api/request.ts'
import { bound, rangeText } from '../commands/scale/_view.ts'
import { cachedCall, mdCell, type SnapshotSection } from './section.ts'

export const scalesSection: SnapshotSection<AnswerOf<'scales.list'>> = {
  name: 'scales',
  load: (client, appId, shared) => cachedCall(shared, client, 'scales.list', { params: { id: appId } }),
  brief: (data) => ({
    scales: data.scales.map((s) => ({
      key: s.key,
      name: s.name,
      method: s.method,
      range: s.range,
      complete: s.complete,
      items: s.items.map((i) => ({ field: i.field, weight: i.weight, reverse: i.reverse })),
      levels: s.levels.map((l) => ({ key: l.key, label: l.label, min: l.min, max: l.max })),
      problems: s.problems,
    })),
  }),
  markdown(data, detail) {
    if (data.scales.length === 0) return '## Scales\n\nNo scales yet.'
    const parts = data.scales.map((s) => {
      const lines = [
        `### ${s.name} (\`${s.key}\`)`,
        '',
        `- method: ${s.method} · range: ${rangeText(s.range)} · complete: ${s.complete ? 'yes' : 'no'}`,
      ]
      if (detail === 'full' && s.description) lines.push(`- description: ${mdCell(s.description)}`)
      lines.push(
        `- items: ${s.items.map((i) => `${i.field ?? '(deleted field)'}${i.reverse ? ' (reverse)' : ''}${i.weight === 1 ? '' : ` ×${i.weight}`}`).join(', ') || 'none'}`,
      )
      if (s.levels.length > 0) {
        lines.push(
          '',
          detail === 'full'
            ? '| level | label | from | to | interpretation |\n|---|---|---|---|---|'
            : '| level | label | from | to |\n|---|---|---|---|',
        )
        for (const l of s.levels)
          lines.push(
            `| ${mdCell(l.key)} | ${mdCell(l.label)} | ${bound(l.min)} | ${bound(l.max)} |${detail === 'full' ? ` ${mdCell(l.interpretation)} |` : ''}`,
          )
      }
      if (s.problems.length > 0)
        lines.push('', ...s.problems.map((p) => `- problem: ${p.path ? `${p.path}: ` : ''}${p.message}`))
      return lines.join('\n')
    })
    return `## Scales (${data.scales.length})\n\n${parts.join('\n\n')}`
  },
}

export const reportSection: SnapshotSection<AnswerOf<'reports.get'>> = {
  name: 'report',
  load: (client, appId, shared) => cachedCall(shared, client, 'reports.get', { params: { id: appId } }),
  brief: (data) => ({
    pages: data.pages.map((p) => ({
      number: p.number,
      title: p.title,
      sections: p.sections.map((s) => ({ type: s.type, title: s.title, scale: s.scale })),
    })),
  }),
  markdown(data, detail) {
    if (data.pages.length === 0) return '## Report\n\nNo report pages yet.'
    const pages = data.pages.map((p) => {
      const sections = p.sections.map(
        (s, i) =>
          `${i + 1}. ${s.type}${s.scale ? ` \`${s.scale}\`` : ''}${s.title ? ` — ${mdCell(s.title)}` : ''}${detail === 'full' && s.text ? `: ${mdCell(s.text)}` : ''}`,
      )
      return `### Page ${p.number}: ${mdCell(p.title)}\n\n${sections.join('\n') || 'No sections yet.'}`
    })
    return `## Report (${data.pages.length} page${data.pages.length === 1 ? '' : 's'})\n\n${pages.join('\n\n')}`
  },
}

export const expertSection: SnapshotSection<AnswerOf<'expert.get'>> = {
  name: 'expert',
  load: (client, appId, shared) => cachedCall(shared, client, 'expert.get', { params: { id: appId } }),
  brief: (e) => ({
    name: e.name,
    title: e.title,
    comments: e.comments.map((c) => ({ scale: c.scale, level: c.level })),
  }),
  markdown(e, detail) {
    const lines = [`- name: ${mdCell(e.name)}`, `- title: ${mdCell(e.title)}`]
    if (detail === 'full') lines.push(`- bio: ${mdCell(e.bio)}`, `- avatar: ${mdCell(e.avatarUrl)}`)
    const comments =
      e.comments.length === 0
        ? 'No comments yet.'
        : detail === 'full'
          ? `| scale | level | comment |\n|---|---|---|\n${e.comments.map((c) => `| ${c.scale} | ${c.level} | ${mdCell(c.text)} |`).join('\n')}`
          : `Comments for: ${e.comments.map((c) => `${c.scale}/${c.level}`).join(', ')}`
    return `## Expert\n\n${lines.join('\n')}\n\n${comments}`
  },
}

export const connectSection: SnapshotSection<AnswerOf<'connect.get'>> = {
  name: 'connect',
  load: (client, appId, shared) => cachedCall(shared, client, 'connect.get', { params: { id: appId } }),
  brief: (t) => ({
    primaryColor: t.primaryColor,
    fontFamily: t.fontFamily,
    layout: t.layout,
    buttonText: t.buttonText,
    customCss: t.customCss !== '',
  }),
  markdown(t, detail) {
    const lines = [
      `- colours: primary ${t.primaryColor} · background ${t.backgroundColor} · text ${t.textColor}`,
      `- font: ${t.fontFamily} · layout: ${t.layout} · button: ${mdCell(t.buttonText)}`,
      `- logo: ${mdCell(t.logoUrl)}`,
    ]
    if (detail === 'full' && t.customCss) lines.push('', '```css', t.customCss, '```')
    else lines.push(`- custom CSS: ${t.customCss ? `${t.customCss.length} characters` : 'none'}`)
    return `## Connect (page styling)\n\n${lines.join('\n')}`
  },
}
