/**
 * @module Skill document "scale": scoring dimensions as the server enforces them. Limits
 * come from ASSESSMENT, bodies from the zod schemas, and the worked examples and error
 * messages are computed by the real scoring and coverage functions when the document is
 * rendered, so the document cannot promise what the server does not do.
 */
import { ASSESSMENT, LIMITS } from '../limits.ts'
import { gapProblems, overlapProblems } from '../scales/coverage.ts'
import { levelFor, SCALE_METHODS, SCORABLE_TYPES, scaleRange, type Level } from '../scales/model.ts'
import { createScaleSchema, scaleItemSchema, scaleKeySchema, setLevelSchema } from '../scales/schemas.ts'
import { scoreColumns } from '../scoring/aggregate.ts'
import { scoreScale, scoringItem, type ScoringScale } from '../scoring/score.ts'
import { bodyTable } from './schema-table.ts'

const LIKERT = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5 }

/** The worked example: three 1–5 Likert items, the third worded the other way round. */
function exampleScale(method: ScoringScale['method'], weight2 = 1): ScoringScale {
  const likert = (field: string, weight: number, reverse: boolean) =>
    scoringItem({ field, type: 'choice', weight, reverse, scores: LIKERT, min: null, max: null })
  return {
    key: 'energy',
    name: 'Energy',
    method,
    items: [likert('q1', 1, false), likert('q2', weight2, false), likert('q3', 1, true)],
    levels: EXAMPLE_LEVELS,
  }
}

const EXAMPLE_LEVELS: Level[] = [
  { key: 'low', label: 'Low', min: 1, max: 2.5, interpretation: '' },
  { key: 'medium', label: 'Medium', min: 2.5, max: 3.5, interpretation: '' },
  { key: 'high', label: 'High', min: 3.5, max: 5, interpretation: '' },
]

const score = (scale: ScoringScale, data: Record<string, unknown>) => scoreScale(scale, data).score
const rangeText = (method: ScoringScale['method']) => {
  const range = scaleRange(method, exampleScale(method).items)!
  return `${range.min}–${range.max}`
}
const levelAt = (value: number) => levelFor(EXAMPLE_LEVELS, value)?.key

/** Messages the coverage check really produces, for the "common errors" section. */
function exampleProblems(): { gap: string; overlap: string; uncovered: string } {
  const gapped: Level[] = [
    { key: 'low', label: 'Low', min: 1, max: 2, interpretation: '' },
    { key: 'high', label: 'High', min: 3, max: 5, interpretation: '' },
  ]
  const overlapping: Level[] = [
    { key: 'low', label: 'Low', min: 1, max: 3, interpretation: '' },
    { key: 'high', label: 'High', min: 2.5, max: 5, interpretation: '' },
  ]
  const short: Level[] = [{ key: 'mid', label: 'Mid', min: 2, max: 5, interpretation: '' }]
  return {
    gap: gapProblems(gapped, { min: 1, max: 5 })[0].message,
    overlap: overlapProblems(overlapping)[0].message,
    uncovered: gapProblems(short, { min: 1, max: 5 })[0].message,
  }
}

const keyRule = () => scaleKeySchema.safeParse('Energy!').error!.issues[0].message

/** The rules for designing scales: items, methods, levels, limits, commands, routes, errors. */
export function scaleSkill(): string {
  // Long: one Markdown document, kept whole to read as the agent does.
  const problems = exampleProblems()
  const mean = exampleScale('mean')
  const answers = { q1: '4', q2: '5', q3: '2' }
  return `# Skill: scale (scoring dimensions)

A **scale** is one dimension an assessment app measures (energy, stress, teamwork…). Its **items** turn answers to fields into numbers, its **method** combines them into one score, and its **levels** name score ranges ("low", "medium", "high") with an interpretation shown on reports.
Scores are computed by one function when a record is submitted and **stored with the record**, so changing a scale later does not change old reports until you run \`svc-cli scale rescore\`.

## Limits
- At most **${ASSESSMENT.maxScales} scales** per app, **${ASSESSMENT.maxItemsPerScale} items** and **${ASSESSMENT.maxLevelsPerScale} levels** per scale (an app has at most ${LIMITS.maxFields} fields).
- Scale key: ${keyRule()}; pattern \`${ASSESSMENT.scaleKeyPattern.source}\`; unique per app. Placeholders (\`{{score.<key>}}\`), score objects and CSV columns use it.
- Scale name up to ${ASSESSMENT.maxScaleNameLength} characters; level labels up to ${ASSESSMENT.maxLevelLabelLength}; description and level interpretation up to ${ASSESSMENT.maxTextLength}.
- Scores are rounded to **${ASSESSMENT.scoreDecimals} decimals** before the level is looked up and stored.

## Items
An item links one field to the scale. Only ${SCORABLE_TYPES.map((t) => `\`${t}\``).join(', ')} fields can be items, and a field is an item of a scale at most once.
- **choice**: \`scores\` gives a number for **every** option of the field (a missing or unknown option is a 422). The answer scores its option's number.
- **multichoice**: the same per-option scores; the ticked options' scores are added. Its range runs from the sum of the negative scores to the sum of the positive ones.
- **number**: the value itself, clamped to the optional \`min\`/\`max\`. Leave \`scores\` out.
- **likert**: per-option scores like a choice; left out, the points score by position (1 for the first option, 2 for the next…).
- **rating**, **nps**: the point itself, like a number; \`min\`/\`max\` left out are the field's lowest and highest point (a rating 1 to its \`max\`, an NPS 0 to 10), so such an item can be reversed as it is.
- **weight** must be **greater than 0** (default 1); it multiplies the item's value, and for \`mean\` it is the item's share.
- **reverse** scores \`max + min − value\`, where min and max are the item's own lowest and highest possible value (lowest/highest option score, or the number item's \`min\`/\`max\`, which a reversed number item must both have). On a 1–5 item, an answer worth 2 scores ${5 + 1 - 2}.

Body of \`POST …/scales/:scale/items\` (\`scale item add\`):

${bodyTable(scaleItemSchema)}

## Method and missing answers
Methods: ${SCALE_METHODS.map((m) => `\`${m}\``).join(', ')}.
- \`sum\`: the weighted sum of the **answered** items.
- \`mean\`: the weighted mean of the **answered** items (sum of weight × value over the sum of their weights).
- An item is **missing** when its field is absent, \`null\`, \`""\`, or an option that has no score. Missing items are skipped: they add nothing to a \`sum\` and do not count in a \`mean\`'s weights. A record with no answered item scores \`null\` and gets no level.
- Because a \`sum\` skips missing items it can fall below the lowest level; such a score takes the nearest level (lowest or highest). A score in a gap between levels has no level, which is why levels must tile the range.

Worked example (computed by the server's scoring function): items q1, q2 and q3 are 1–5 Likert choice fields scored 1…5, q3 reversed.
- Possible range: \`mean\` ${rangeText('mean')}, \`sum\` ${rangeText('sum')}.
- Answers \`${JSON.stringify(answers)}\`: q3 scores ${5 + 1 - 2} after reversal, so \`mean\` = **${score(mean, answers)}** and \`sum\` = **${score(exampleScale('sum'), answers)}**.
- The same answers with weight 2 on q2: \`mean\` = **${score(exampleScale('mean', 2), answers)}**.
- Without q2 (\`{"q1":"4","q3":"2"}\`): \`mean\` = **${score(mean, { q1: '4', q3: '2' })}**, \`sum\` = **${score(exampleScale('sum'), { q1: '4', q3: '2' })}**. No answers at all: **${score(mean, {})}**.

## Levels
A level is \`{key, label, min, max, interpretation}\`, kept in score order.
- \`min\` is **inclusive**, \`max\` is **exclusive** — except the **top level, which includes its max**. So a score exactly on a shared boundary belongs to the higher level.
- \`null\` means unbounded: only the lowest level may leave \`min\` open and only the highest may leave \`max\` open.
- Levels must **tile the possible score range**: no overlaps, no gaps between neighbours, and the lowest and highest possible scores covered.
- Example for the \`mean\` scale above: low [1, 2.5), medium [2.5, 3.5), high [3.5, 5]. A score of 2.5 is **${levelAt(2.5)}**, 3.4999 is **${levelAt(3.4999)}**, 5 is **${levelAt(5)}**.
- A full \`levels\` list given to \`POST\`/\`PATCH …/scales\` must tile the range of the resulting items (422 listing every gap otherwise). \`scale level set\` adds or changes one level at a time: overlaps are refused at once, gaps are allowed while you build and are listed in the scale's \`problems\`. A scale is \`complete: true\` when it has items, every item is sound and the levels tile the range.
- Changing items or the method later can make stored levels stop fitting; the scale then lists the gaps in \`problems\` until you fix the levels.

Body of \`PUT …/scales/:scale/levels/:level\` (\`scale level set\`; label, min and max are required for a new level):

${bodyTable(setLevelSchema, { label: `shown on reports, up to ${ASSESSMENT.maxLevelLabelLength} characters` })}

Body of \`POST …/scales\` (\`scale add\`; \`items\` and \`levels\` take the item body above and the level body plus \`key\`):

${bodyTable(createScaleSchema, {
  name: `shown on reports, up to ${ASSESSMENT.maxScaleNameLength} characters`,
  description: `what the scale measures, up to ${ASSESSMENT.maxTextLength} characters`,
  items: `up to ${ASSESSMENT.maxItemsPerScale}; replaces the whole list`,
  levels: `up to ${ASSESSMENT.maxLevelsPerScale}; must tile the range`,
})}

## Where scores show up
- Each record stores \`{"<key>": {"score", "level", "levelLabel"}}\` per scale; \`/query\` and owner reads return it as \`scores\`.
- CSV exports add the columns ${scoreColumns(['<key>'])
    .map((c) => `\`${c}\``)
    .join(' and ')} per scale.
- \`/summary\` aggregates per scale: count, missing, mean, min, max and records per level.
- \`svc-cli scale rescore\` recomputes every stored score with the current scales (old reports change; that is the point of running it).

## Commands
Every command needs login and \`--app <appId>\`; \`--scale\` takes a scale key or id, \`--field\` a field name or id. Add \`--json\` for machine-readable output.
Typical order: add the fields (choice fields with their options), \`scale add\`, one \`scale item add\` per field, one \`scale level set\` per level, then \`scale get\` until it says \`complete: true\` and lists no problems.
- \`svc-cli scale add\` — \`svc-cli scale add --app $APP --key energy --name Energy --method mean\`
- \`svc-cli scale list\` — \`svc-cli scale list --app $APP\`
- \`svc-cli scale get\` — \`svc-cli scale get --app $APP --scale energy\` (items, levels, range, problems)
- \`svc-cli scale update\` — \`svc-cli scale update --app $APP --scale energy --name "Daily energy" --method sum\` (a new \`--key\` breaks placeholders using the old one)
- \`svc-cli scale remove\` — \`svc-cli scale remove --app $APP --scale energy --yes\` (its levels and expert comments go too)
- \`svc-cli scale item add\` — \`svc-cli scale item add --app $APP --scale energy --field q3 --scores "1=1,2=2,3=3,4=4,5=5" --reverse\` (\`--scores\` also takes a JSON object; number fields use \`--min\`/\`--max\`; \`--weight 2\`)
- \`svc-cli scale item remove\` — \`svc-cli scale item remove --app $APP --scale energy --field q3 --yes\`
- \`svc-cli scale level set\` — \`svc-cli scale level set --app $APP --scale energy --level low --label Low --min 1 --max 2.5 --interpretation "Your energy has been low."\` (\`--min none\` / \`--max none\` for an open end)
- \`svc-cli scale level remove\` — \`svc-cli scale level remove --app $APP --scale energy --level low --yes\` (its expert comment goes too)
- \`svc-cli scale rescore\` — \`svc-cli scale rescore --app $APP\`

## HTTP routes
All under \`/api/v3/apps/:id/scales\`, with \`Authorization: Bearer <token>\`; answers are \`{code:200, data}\`.

| method | path | body | data |
|---|---|---|---|
| GET | /api/v3/apps/:id/scales | | \`{scales:[Scale]}\` |
| POST | /api/v3/apps/:id/scales | \`{key, name, description?, method?, items?, levels?}\` | \`Scale\` |
| POST | /api/v3/apps/:id/scales/rescore | | \`{rescored:n}\` |
| GET | /api/v3/apps/:id/scales/:scale | | \`Scale\` |
| PATCH | /api/v3/apps/:id/scales/:scale | \`{key?, name?, description?, method?, items?, levels?}\` (lists replace the whole list) | \`Scale\` |
| DELETE | /api/v3/apps/:id/scales/:scale | | \`{deleted:true, id}\` |
| POST | /api/v3/apps/:id/scales/:scale/items | item body | \`Scale\` |
| DELETE | /api/v3/apps/:id/scales/:scale/items/:field | | \`Scale\` |
| PUT | /api/v3/apps/:id/scales/:scale/levels/:level | level body | \`Scale\` |
| DELETE | /api/v3/apps/:id/scales/:scale/levels/:level | | \`Scale\` |

\`Scale\` = \`{id, key, name, description, method, items:[{field, type, fieldId, weight, reverse, scores, min, max}], levels, range:{min,max}|null, complete, problems:[{path,message}], position, createdAt, updatedAt}\`.

## Common errors and how to fix them
- 422 \`validation\` "${problems.gap}" — move a bound so neighbouring levels meet (the lower level's max equals the next level's min).
- 422 "${problems.overlap}" — the same score would fall in two levels; lower the first level's max or raise the second's min.
- 422 "${problems.uncovered}" — extend the lowest level's min (or the highest level's max) to the scale's range, shown as \`range\` in \`scale get\`.
- 422 "needs a score for every option of …; missing: …" — give \`--scores\` for every option of the choice field (\`svc-cli field get\` lists them).
- 422 "field … is a text field; items score ${SCORABLE_TYPES.slice(0, -1).join(', ')} or ${SCORABLE_TYPES.at(-1)} fields" — change the field's type or score another field.
- 422 "a reversed number item needs both min and max" — pass \`--min\` and \`--max\` with \`--reverse\`.
- 422 key "${keyRule()}" — use a slug such as \`energy\` or \`team_fit\`.
- 409 \`conflict\` — the key is taken, or the field is already an item of the scale (remove the item first to change it).
- 404 \`not_found\` — the app, scale, item or level does not exist (or the app is another account's).
`
}
