/**
 * @module A small assessment app for the scale, report, expert, connect and fill-in tests:
 * an owner, a stranger, and an app with Likert choice fields, a number field and a name.
 */
import { createApp } from '../../server/core/apps/apps.ts'
import { addField } from '../../server/core/fields/fields.ts'
import { publish } from '../../server/core/share/publish.ts'
import { testApp, type TestApp } from '../support/http.ts'
import { makeUser, type TestUser } from '../support/users.ts'

export const LIKERT = ['Never', 'Rarely', 'Sometimes', 'Often', 'Always']
/** Scores 0–4 for the Likert options. */
export const LIKERT_SCORES = { Never: 0, Rarely: 1, Sometimes: 2, Often: 3, Always: 4 }

export interface AssessmentFixture extends TestApp {
  owner: TestUser
  stranger: TestUser
  appId: string
  /** `/api/v3/apps/<id>` */
  base: string
  /** Field ids by name. */
  fieldIds: Record<string, string>
}

/** An app with fields `name` (text), `calm`, `rested`, `worried` (Likert choice), `hours` (number), `habits` (multichoice). */
export async function assessmentApp(): Promise<AssessmentFixture> {
  const t = testApp()
  const owner = await makeUser(t.ctx)
  const stranger = await makeUser(t.ctx)
  const app = await createApp(t.ctx, owner.user.id, {
    name: 'Wellbeing check',
    description: 'Five minutes about your week.',
  })
  const fieldIds: Record<string, string> = {}
  const add = async (name: string, type: string, extra: Record<string, unknown> = {}) => {
    fieldIds[name] = (await addField(t.ctx, owner.user.id, app.id, { name, type: type as never, ...extra })).id
  }
  await add('name', 'text', { label: 'Your first name' })
  await add('calm', 'choice', { label: 'I felt calm', options: LIKERT, required: true })
  await add('rested', 'choice', { label: 'I felt rested', options: LIKERT })
  await add('worried', 'choice', { label: 'I worried a lot', options: LIKERT })
  await add('hours', 'number', { label: 'Hours of sleep per night' })
  await add('habits', 'multichoice', { label: 'This week I…', options: ['walked', 'ran', 'meditated'] })
  return { ...t, owner, stranger, appId: app.id, base: `/api/v3/apps/${app.id}`, fieldIds }
}

/** Publishes the fixture app and returns its endpoint token. */
export async function publishApp(f: AssessmentFixture): Promise<string> {
  return (await publish(f.ctx, f.owner.user.id, f.appId)).token!
}

/** A `mood` scale body: calm + rested + reversed worried, 0–12, three levels. */
export const MOOD_SCALE = {
  key: 'mood',
  name: 'Mood',
  description: 'How you felt',
  items: [
    { field: 'calm', scores: LIKERT_SCORES },
    { field: 'rested', scores: LIKERT_SCORES },
    { field: 'worried', scores: LIKERT_SCORES, reverse: true },
  ],
  levels: [
    { key: 'low', label: 'Low', min: 0, max: 5, interpretation: 'Your mood was low this week.' },
    { key: 'fair', label: 'Fair', min: 5, max: 9, interpretation: 'Your mood was fair.' },
    { key: 'good', label: 'Good', min: 9, max: 12, interpretation: 'Your mood was good.' },
  ],
}
