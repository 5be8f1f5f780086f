/**
 * Scales, report pages, the expert and the theme when edits arrive at once (several
 * requests on one process, or several processes on PostgreSQL): limits hold, positions
 * stay dense, and no change undoes another. Every change is announced for the app, and a
 * refused one writes and announces nothing. Runs on both backends.
 */
import { describe, expect, test } from 'bun:test'
import type { AppContext } from '../../../server/core/context.ts'
import { createApp } from '../../../server/core/apps/apps.ts'
import { getTheme, resetTheme, setTheme } from '../../../server/core/connect/connect.ts'
import { DEFAULT_THEME } from '../../../server/contract/connect/schemas.ts'
import { getExpert, setExpert, setExpertComment } from '../../../server/core/expert/expert.ts'
import { addField } from '../../../server/core/fields/fields.ts'
import { ASSESSMENT } from '../../../server/contract/limits.ts'
import {
  addReportPage,
  addReportSection,
  listReportPages,
  removeReportPage,
} from '../../../server/core/reports/pages.ts'
import { addScaleItem, removeScaleLevel, setScaleLevel } from '../../../server/core/scales/items.ts'
import { createScale, deleteScale, getScale, listScales, updateScale } from '../../../server/core/scales/scales.ts'
import { LIKERT, LIKERT_SCORES, MOOD_SCALE } from '../../http/assessment-fixture.ts'
import { testContext } from '../../support/context.ts'
import { makeUser } from '../../support/users.ts'

/** An app with Likert fields `calm`, `rested`, `worried` and a number field `hours` (no HTTP app: only core and the storage). */
async function assessmentApp() {
  const { ctx } = testContext()
  const owner = await makeUser(ctx)
  const app = await createApp(ctx, owner.user.id, { name: 'Wellbeing check' })
  for (const name of ['calm', 'rested', 'worried'])
    await addField(ctx, owner.user.id, app.id, { name, type: 'choice', options: LIKERT })
  await addField(ctx, owner.user.id, app.id, { name: 'hours', type: 'number' })
  return { ctx, owner, appId: app.id }
}

/** What the storage announced for `appId` since the call. */
function announcements(ctx: AppContext, appId: string): string[] {
  const heard: string[] = []
  ctx.storage.changes.subscribe((id, kind) => {
    if (id === appId) heard.push(kind)
  })
  return heard
}

const outcomes = (settled: PromiseSettledResult<unknown>[]) =>
  settled.map((result) =>
    result.status === 'fulfilled' ? 'ok' : ((result.reason as { type?: string }).type ?? String(result.reason)),
  )

describe('scales edited at once', () => {
  test('items added at once to one scale are all kept', async () => {
    const f = await assessmentApp()
    const { ctx, owner, appId } = f
    await createScale(ctx, owner.user.id, appId, { key: 'mood', name: 'Mood' })
    await Promise.all(
      ['calm', 'rested', 'worried'].map((field) =>
        addScaleItem(ctx, owner.user.id, appId, 'mood', { field, scores: LIKERT_SCORES }),
      ),
    )
    await Promise.all([
      addScaleItem(ctx, owner.user.id, appId, 'mood', { field: 'hours', min: 0, max: 12 }),
      setScaleLevel(ctx, owner.user.id, appId, 'mood', 'low', { label: 'Low', min: 0, max: 6 }),
      setScaleLevel(ctx, owner.user.id, appId, 'mood', 'high', { label: 'High', min: 6, max: 24 }),
    ])
    const scale = await getScale(ctx, owner.user.id, appId, 'mood')
    expect(scale.items.map((item) => item.field).sort()).toEqual(['calm', 'hours', 'rested', 'worried'])
    expect(scale.levels.map((level) => level.key)).toEqual(['low', 'high'])
    expect(scale.complete).toBe(true)
  })

  test('scales created at once stop at the limit, with dense positions', async () => {
    const f = await assessmentApp()
    const keys = Array.from({ length: ASSESSMENT.maxScales + 5 }, (_, i) => `s${i}`)
    const settled = await Promise.allSettled(
      keys.map((key) => createScale(f.ctx, f.owner.user.id, f.appId, { key, name: key })),
    )
    expect(outcomes(settled).filter((o) => o === 'ok')).toHaveLength(ASSESSMENT.maxScales)
    expect(outcomes(settled).filter((o) => o !== 'ok')).toEqual(Array(5).fill('validation'))
    const { scales } = await listScales(f.ctx, f.owner.user.id, f.appId)
    expect(scales.map((scale) => scale.position)).toEqual(Array.from({ length: ASSESSMENT.maxScales }, (_, i) => i))
  })

  test('two scales with one key at once: one is created, the other is a 409', async () => {
    const f = await assessmentApp()
    const settled = await Promise.allSettled(
      [1, 2].map((n) => createScale(f.ctx, f.owner.user.id, f.appId, { key: 'mood', name: `Mood ${n}` })),
    )
    expect(outcomes(settled).sort()).toEqual(['conflict', 'ok'])
    const other = await createScale(f.ctx, f.owner.user.id, f.appId, { key: 'sleep', name: 'Sleep' })
    await expect(updateScale(f.ctx, f.owner.user.id, f.appId, other.id, { key: 'mood' })).rejects.toMatchObject({
      status: 409,
      type: 'conflict',
    })
    expect((await listScales(f.ctx, f.owner.user.id, f.appId)).scales.map((scale) => scale.key)).toEqual([
      'mood',
      'sleep',
    ])
  })

  test('removing a scale renumbers the others densely', async () => {
    const f = await assessmentApp()
    for (const key of ['a', 'b', 'c', 'd']) await createScale(f.ctx, f.owner.user.id, f.appId, { key, name: key })
    await deleteScale(f.ctx, f.owner.user.id, f.appId, 'b')
    const created = await createScale(f.ctx, f.owner.user.id, f.appId, { key: 'e', name: 'e' })
    expect(created.position).toBe(3)
    const { scales } = await listScales(f.ctx, f.owner.user.id, f.appId)
    expect(scales.map((scale) => [scale.key, scale.position])).toEqual([
      ['a', 0],
      ['c', 1],
      ['d', 2],
      ['e', 3],
    ])
  })

  test('a comment set while its level is removed never outlives the level', async () => {
    const f = await assessmentApp()
    const { ctx, owner, appId } = f
    await createScale(ctx, owner.user.id, appId, MOOD_SCALE)
    const settled = await Promise.allSettled([
      setExpertComment(ctx, owner.user.id, appId, 'mood', 'low', { text: 'Rest.' }),
      removeScaleLevel(ctx, owner.user.id, appId, 'mood', 'low'),
      setExpertComment(ctx, owner.user.id, appId, 'mood', 'low', { text: 'Rest more.' }),
    ])
    expect(settled[1].status).toBe('fulfilled')
    for (const index of [0, 2]) expect(['ok', 'not_found']).toContain(outcomes(settled)[index])
    expect((await getExpert(ctx, owner.user.id, appId)).comments).toEqual([])
  })

  test('every change is announced for the app; a refused one writes and announces nothing', async () => {
    const f = await assessmentApp()
    const { ctx, owner, appId } = f
    const heard = announcements(ctx, appId)
    await createScale(ctx, owner.user.id, appId, MOOD_SCALE)
    await updateScale(ctx, owner.user.id, appId, 'mood', { name: 'Your mood' })
    await setScaleLevel(ctx, owner.user.id, appId, 'mood', 'low', { label: 'Lower' })
    await setExpertComment(ctx, owner.user.id, appId, 'mood', 'low', { text: 'Rest.' })
    expect(heard).toEqual(['app', 'app', 'app', 'app'])
    const before = await getScale(ctx, owner.user.id, appId, 'mood')
    await expect(
      setScaleLevel(ctx, owner.user.id, appId, 'mood', 'top', { label: 'Top', min: 10, max: 12 }),
    ).rejects.toMatchObject({ status: 422 })
    await expect(
      addScaleItem(ctx, owner.user.id, appId, 'mood', { field: 'calm', scores: LIKERT_SCORES }),
    ).rejects.toMatchObject({ status: 409 })
    await expect(createScale(ctx, owner.user.id, appId, { key: 'mood', name: 'Again' })).rejects.toMatchObject({
      status: 409,
    })
    expect(heard).toHaveLength(4)
    expect(await getScale(ctx, owner.user.id, appId, 'mood')).toEqual(before)
    await deleteScale(ctx, owner.user.id, appId, 'mood')
    expect(heard).toHaveLength(5)
  })
})

describe('report pages edited at once', () => {
  test('pages added at once stop at the limit and are numbered 1…n', async () => {
    const f = await assessmentApp()
    const settled = await Promise.allSettled(
      Array.from({ length: ASSESSMENT.maxReportPages + 4 }, (_, i) =>
        addReportPage(f.ctx, f.owner.user.id, f.appId, { title: `P${i}`, position: i % 3 === 0 ? 1 : undefined }),
      ),
    )
    expect(outcomes(settled).filter((o) => o === 'ok')).toHaveLength(ASSESSMENT.maxReportPages)
    const { pages } = await listReportPages(f.ctx, f.owner.user.id, f.appId)
    expect(pages.map((page) => page.number)).toEqual(Array.from({ length: ASSESSMENT.maxReportPages }, (_, i) => i + 1))
    await removeReportPage(f.ctx, f.owner.user.id, f.appId, '5')
    await addReportPage(f.ctx, f.owner.user.id, f.appId, { title: 'Last' })
    const after = (await listReportPages(f.ctx, f.owner.user.id, f.appId)).pages
    expect(after.map((page) => page.number)).toEqual(Array.from({ length: ASSESSMENT.maxReportPages }, (_, i) => i + 1))
    expect(after.at(-1)!.title).toBe('Last')
  })

  test('sections added at once to one page are all kept', async () => {
    const f = await assessmentApp()
    const heard = announcements(f.ctx, f.appId)
    const page = await addReportPage(f.ctx, f.owner.user.id, f.appId, { title: 'One' })
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((text) =>
        addReportSection(f.ctx, f.owner.user.id, f.appId, page.id, { type: 'intro', text }),
      ),
    )
    const { pages } = await listReportPages(f.ctx, f.owner.user.id, f.appId)
    expect(pages[0].sections.map((section) => section.text).sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(heard).toEqual(Array(6).fill('app'))
  })
})

describe('expert and theme edited at once', () => {
  test('profile properties set at once are all kept', async () => {
    const f = await assessmentApp()
    await Promise.all([
      setExpert(f.ctx, f.owner.user.id, f.appId, { name: 'Dr. Ana Ruiz' }),
      setExpert(f.ctx, f.owner.user.id, f.appId, { title: 'Psychologist' }),
      setExpert(f.ctx, f.owner.user.id, f.appId, { bio: 'Twenty years.' }),
    ])
    expect(await getExpert(f.ctx, f.owner.user.id, f.appId)).toEqual({
      name: 'Dr. Ana Ruiz',
      title: 'Psychologist',
      bio: 'Twenty years.',
      avatarUrl: null,
      comments: [],
    })
  })

  test('theme properties set at once are all kept; reset brings back the default', async () => {
    const f = await assessmentApp()
    const heard = announcements(f.ctx, f.appId)
    await Promise.all([
      setTheme(f.ctx, f.owner.user.id, f.appId, { primaryColor: 'teal' }),
      setTheme(f.ctx, f.owner.user.id, f.appId, { buttonText: 'Send' }),
      setTheme(f.ctx, f.owner.user.id, f.appId, { layout: 'one-per-screen' }),
    ])
    expect(await getTheme(f.ctx, f.owner.user.id, f.appId)).toEqual({
      ...DEFAULT_THEME,
      primaryColor: 'teal',
      buttonText: 'Send',
      layout: 'one-per-screen',
    })
    expect(await resetTheme(f.ctx, f.owner.user.id, f.appId)).toEqual(DEFAULT_THEME)
    expect(await getTheme(f.ctx, f.owner.user.id, f.appId)).toEqual(DEFAULT_THEME)
    expect(heard).toEqual(Array(4).fill('app'))
  })
})
