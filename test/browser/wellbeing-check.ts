/**
 * @module The small assessment app the public-page browser tests fill in: a first name, two
 * Likert questions ("I felt calm" required, "I worried a lot" reverse-scored) and one scale,
 * Mood, with a low and a good level.
 */

import type { DataCall } from '../support/bound-call.ts'

const LIKERT = ['Never', 'Rarely', 'Sometimes', 'Often', 'Always']
const SCORES = { Never: 0, Rarely: 1, Sometimes: 2, Often: 3, Always: 4 }

/** Creates the app through `api`; its id. */
export async function createWellbeingCheck(api: DataCall): Promise<string> {
  const { id } = await api('apps.create', { body: { name: 'Wellbeing check' } })
  const params = { id }
  await api('fields.add', { params, body: { name: 'name', label: 'Your first name' } })
  await api('fields.add', {
    params,
    body: {
      name: 'calm',
      type: 'choice',
      label: 'I felt calm',
      options: LIKERT,
      required: true,
    },
  })
  await api('fields.add', {
    params,
    body: { name: 'worried', type: 'choice', label: 'I worried a lot', options: LIKERT },
  })
  await api('scales.add', {
    params,
    body: {
      key: 'mood',
      name: 'Mood',
      items: [
        { field: 'calm', scores: SCORES },
        { field: 'worried', scores: SCORES, reverse: true },
      ],
      levels: [
        { key: 'low', label: 'Low', min: 0, max: 4, interpretation: 'A hard week.' },
        { key: 'good', label: 'Good', min: 4, max: 8, interpretation: 'A good week.' },
      ],
    },
  })
  return id
}
