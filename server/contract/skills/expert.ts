/**
 * @module Skill document "expert": the author's profile and commentary per scale level, as
 * the server enforces them. Bodies come from the zod schemas, limits from ASSESSMENT.
 */
import { imageUrlSchema } from '../connect/safe-url.ts'
import { setCommentSchema, setExpertSchema } from '../expert/schemas.ts'
import { ASSESSMENT } from '../limits.ts'
import { bodyTable } from './schema-table.ts'

/** The rules for the expert profile and comments: what shows where, commands, routes, errors. */
export function expertSkill(): string {
  const badAvatar = imageUrlSchema.safeParse('javascript:alert(1)').error!.issues[0].message
  return `# Skill: expert (author profile and commentary)

The **expert** is the person behind an assessment: a profile (name, title, bio, avatar) shown on reports, and **commentary per scale level** — advice a respondent sees when their score falls in that level ("Your energy is low: plan one restful evening this week…").

## Profile
One per app, empty until set. Properties left out keep their value; \`""\` clears a name or title; \`avatarUrl: null\` removes the picture.

${bodyTable(setExpertSchema, { bio: `plain text up to ${ASSESSMENT.maxTextLength} characters; blank lines split paragraphs` })}

- The avatar must be an absolute \`http://\` or \`https://\` URL (up to ${ASSESSMENT.maxUrlLength} characters, no user name or password): \`javascript:\` and \`data:\` URLs are refused so nothing but an image can reach the page.
- Text is plain text and escaped on the page; placeholders (\`{{<field>}}\`, \`{{score.<key>}}\`, \`{{level.<key>}}\`) work in comments.

## Comments per level
- A comment belongs to one **level** of one **scale** (\`PUT …/comments/<scale>/<level>\`); setting it again replaces it. The level must exist (add it with \`svc-cli scale level set\` first).
- Removing a level removes its comment; removing a scale removes all its comments.

Body of \`PUT …/comments/:scale/:level\` (\`expert comment set\`):

${bodyTable(setCommentSchema, { text: `up to ${ASSESSMENT.maxTextLength} characters` })}

## Where it shows
- An \`expert\` report section (see the \`report\` skill) shows the profile and, for each scale (or the one scale named by the section), the comment of the respondent's level on it.
- The section is left out when there is neither a profile (a name or bio) nor a comment matching the respondent's levels. An app without report pages gets an expert section on its default page.

## Commands
Every command needs login and \`--app <appId>\`; \`--scale\` takes a scale key or id, \`--level\` a level key. Add \`--json\` for machine-readable output.
- \`svc-cli expert get\` — \`svc-cli expert get --app $APP\` (profile and every comment)
- \`svc-cli expert set\` — \`svc-cli expert set --app $APP --name "Dr. Ana Ruiz" --title "Clinical psychologist" --bio "Twenty years of helping teams recover." --avatar-url https://example.com/ana.jpg\` (\`--avatar-url none\` removes it)
- \`svc-cli expert comment set\` — \`svc-cli expert comment set --app $APP --scale energy --level low --text "Plan one restful evening this week."\`
- \`svc-cli expert comment list\` — \`svc-cli expert comment list --app $APP\`
- \`svc-cli expert comment remove\` — \`svc-cli expert comment remove --app $APP --scale energy --level low --yes\`

## HTTP routes
All under \`/api/v3/apps/:id/expert\`, with \`Authorization: Bearer <token>\`; answers are \`{code:200, data}\`.

| method | path | body | data |
|---|---|---|---|
| GET | /api/v3/apps/:id/expert | | \`{name, title, bio, avatarUrl, comments:[Comment]}\` |
| PATCH | /api/v3/apps/:id/expert | \`{name?, title?, bio?, avatarUrl?}\` | the same |
| GET | /api/v3/apps/:id/expert/comments | | \`{comments:[Comment]}\` |
| PUT | /api/v3/apps/:id/expert/comments/:scale/:level | \`{text}\` | \`Comment\` |
| DELETE | /api/v3/apps/:id/expert/comments/:scale/:level | | \`{deleted:true, scale, level}\` |

\`Comment\` = \`{scale, level, text, updatedAt}\` (scale by key), listed in scale order, then by level key.

## Common errors and how to fix them
- 422 \`avatarUrl\` "${badAvatar}" — host the picture on a web server and give its https:// URL, or \`none\` to remove it.
- 422 \`text\` "cannot be empty" — give the advice text, or remove the comment instead.
- 404 \`not_found\` "Level … in scale …" — the level key does not exist on that scale; \`svc-cli scale get --scale <key>\` lists the levels.
- 404 "Comment for level …" — there is no comment to remove for that level.
- 404 "Scale …" — use a key from \`svc-cli scale list\`.
`
}
