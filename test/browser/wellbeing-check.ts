/**
 * @module The small assessment app the public-page browser tests fill in: a first name, two
 * Likert questions ("I felt calm" required, "I worried a lot" reverse-scored) and one scale,
 * Mood, with a low and a good level.
 */

/** Calls the API as the owner and returns `data` (throws on anything but 200). */
export type OwnerApi = (method: string, path: string, body?: unknown) => Promise<any>

const LIKERT = ['Never', 'Rarely', 'Sometimes', 'Often', 'Always']
const SCORES = { Never: 0, Rarely: 1, Sometimes: 2, Often: 3, Always: 4 }

/** Creates the app through `api`; its API base path (`/api/v3/apps/<id>`). */
export async function createWellbeingCheck(api: OwnerApi): Promise<string> {
  const app = await api('POST', '/api/v3/apps', { name: 'Wellbeing check' })
  const base = `/api/v3/apps/${app.id}`
  await api('POST', `${base}/fields`, { name: 'name', label: 'Your first name' })
  await api('POST', `${base}/fields`, {
    name: 'calm',
    type: 'choice',
    label: 'I felt calm',
    options: LIKERT,
    required: true,
  })
  await api('POST', `${base}/fields`, { name: 'worried', type: 'choice', label: 'I worried a lot', options: LIKERT })
  await api('POST', `${base}/scales`, {
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
  })
  return base
}
