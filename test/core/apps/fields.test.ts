import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createApp } from '../../../server/core/apps/apps.ts'
import { AppError } from '../../../server/contract/errors.ts'
import { addField, listFields, removeField, updateField } from '../../../server/core/fields/fields.ts'
import { reorderFields } from '../../../server/core/fields/order.ts'
import { findFieldRow } from '../../../server/core/fields/view.ts'
import { newId } from '../../../server/core/ids.ts'
import { testContext } from '../../support/context.ts'
import { makeUser } from '../../support/users.ts'

async function setup() {
  const { ctx } = testContext()
  const { user } = await makeUser(ctx)
  const app = await createApp(ctx, user.id, { name: 'Survey' })
  return { ctx, userId: user.id, appId: app.id }
}

/** A field row as the collection endpoints' auto-create writes it (at the end of the list). */
async function insertAutoCreated(ctx: ReturnType<typeof testContext>['ctx'], appId: string, name: string) {
  const added = await ctx.storage.fields.add(appId, () => ({
    id: newId(),
    appId,
    name,
    type: 'number',
    label: '',
    required: false,
    options: null,
    settings: null,
    form: null,
    autoCreated: true,
    createdAt: 0,
    updatedAt: 0,
  }))
  if (!added.ok) throw new Error(`auto-created field refused: ${added.reason}`)
}

describe('fields core', () => {
  test('auto-created fields count towards the limit and keep their flag when edited', async () => {
    const { ctx, userId, appId } = await setup()
    for (let i = 0; i < 49; i++) await insertAutoCreated(ctx, appId, `auto${i}`)
    const fiftieth = await addField(ctx, userId, appId, { name: 'mine' })
    expect(fiftieth.position).toBe(49)
    let error: unknown
    try {
      await addField(ctx, userId, appId, { name: 'one too many' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).type).toBe('field_limit')
    const edited = await updateField(ctx, userId, appId, 'auto0', { label: 'Score' })
    expect(edited).toMatchObject({ name: 'auto0', label: 'Score', type: 'number', autoCreated: true })
  })

  test('positions stay 0…n-1 through removes, moves and reorders', async () => {
    const { ctx, userId, appId } = await setup()
    const ids: string[] = []
    for (const name of ['a', 'b', 'c', 'd', 'e']) ids.push((await addField(ctx, userId, appId, { name })).id)
    await removeField(ctx, userId, appId, 'a')
    await removeField(ctx, userId, appId, 'c')
    const positions = async () => (await listFields(ctx, userId, appId)).map((field) => [field.name, field.position])
    expect(await positions()).toEqual([
      ['b', 0],
      ['d', 1],
      ['e', 2],
    ])
    await updateField(ctx, userId, appId, 'e', { position: 0 })
    expect(await positions()).toEqual([
      ['e', 0],
      ['b', 1],
      ['d', 2],
    ])
    await reorderFields(ctx, userId, appId, { ids: [ids[3], ids[1], ids[4]] })
    expect(await positions()).toEqual([
      ['d', 0],
      ['b', 1],
      ['e', 2],
    ])
  })

  test('a reference is tried as an id before a name', async () => {
    const { ctx, userId, appId } = await setup()
    const first = await addField(ctx, userId, appId, { name: 'first' })
    // A field whose name is the other field's id: the id still reaches the first field.
    const tricky = await addField(ctx, userId, appId, { name: first.id })
    expect((await findFieldRow(ctx, appId, first.id)).id).toBe(first.id)
    expect((await findFieldRow(ctx, appId, 'first')).id).toBe(first.id)
    expect((await findFieldRow(ctx, appId, tricky.id)).id).toBe(tricky.id)
  })

  test('names are kept as given and never touch object prototypes', async () => {
    const { ctx, userId, appId } = await setup()
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString'])
      await addField(ctx, userId, appId, { name })
    expect((await listFields(ctx, userId, appId)).map((field) => field.name)).toEqual([
      '__proto__',
      'constructor',
      'prototype',
      'toString',
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('field order under any sequence of changes (property)', () => {
  type Step =
    | { kind: 'add' }
    | { kind: 'remove'; pick: number }
    | { kind: 'move'; pick: number; to: number }
    | { kind: 'reorder'; seed: number[] }

  test('positions always match a plain array model and stay 0…n-1', async () => {
    const step = fc.oneof(
      // Adds weigh more, so sequences build up fields worth removing and moving.
      { arbitrary: fc.constant<Step>({ kind: 'add' }), weight: 3 },
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
      fc.record({ kind: fc.constant('reorder' as const), seed: fc.array(fc.nat(), { maxLength: 12 }) }),
    )
    // One database for all runs (a fresh app per run) keeps a hundred runs fast.
    const { ctx, userId } = await setup()
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const appId = (await createApp(ctx, userId, { name: 'Run' })).id
        let model: string[] = []
        let counter = 0
        for (const s of steps) {
          if (s.kind === 'add') {
            if (model.length >= 12) continue
            model.push((await addField(ctx, userId, appId, { name: `f${counter++}` })).id)
          } else if (model.length === 0) {
            // nothing to remove, move or rename yet
          } else if (s.kind === 'remove') {
            const [id] = model.splice(s.pick % model.length, 1)
            await removeField(ctx, userId, appId, id)
          } else if (s.kind === 'move') {
            const from = s.pick % model.length
            const to = s.to % model.length
            const [id] = model.splice(from, 1)
            model.splice(to, 0, id)
            await updateField(ctx, userId, appId, id, { position: to })
          } else {
            // A permutation derived from the seed: sort ids by their seed value.
            const keyed = model.map((id, i) => ({ id, key: s.seed[i % Math.max(1, s.seed.length)] ?? i, i }))
            model = keyed.sort((a, b) => a.key - b.key || a.i - b.i).map((entry) => entry.id)
            await reorderFields(ctx, userId, appId, { ids: model })
          }
        }
        const listed = await listFields(ctx, userId, appId)
        expect(listed.map((field) => field.id)).toEqual(model)
        expect(listed.map((field) => field.position)).toEqual(model.map((_, i) => i))
      }),
      { numRuns: 100 },
    )
  }, 30_000)
})
