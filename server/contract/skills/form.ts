/**
 * @module Skill document "form": apps and fields, as the server enforces them.
 */
import { SHOW_IF_OPS } from '../fields/show-if.ts'
import { MAX_ERROR_BYTES, MAX_LISTED_PROBLEMS, MAX_QUOTED_CHARS } from '../errors.ts'
import { CHOICE_TYPES, FIELD_TYPE_SPECS, FIELD_TYPES } from '../fields/types/index.ts'
import { FILE_LIMITS, formatBytes } from '../files/model.ts'
import { RATING } from '../fields/types/rating.ts'
import { AUTH, LIMITS } from '../limits.ts'
import { PLAN_MODULES } from '../smart/plan.ts'
import { FORM_TEXT_LIMITS } from '../fields/form.ts'
import { DEFAULT_LANGUAGE, MAX_LANGUAGES } from '../languages/tags.ts'
import { PATTERN_LIMITS } from '../fields/pattern.ts'
import { RULE_KEYS, RULE_TYPES } from '../fields/rules.ts'

/** The rules for designing an app's fields. */
export function formSkill(): string {
  return `# Skill: form (apps and fields)

An **app** is a form plus a collection endpoint. Its **fields** are the keys of the records it stores.

## Limits
- At most **${LIMITS.maxFields} fields** per app that the owner made or accepted (the owner's own \`field add\` and posts). The ${LIMITS.maxFields + 1}st is refused (422 \`field_limit\`) and nothing from that submission is stored.
- Proposed fields (made by anonymous posts) count apart: at most **${LIMITS.maxProposedFields}** waiting per app, and one client address (/64 for IPv6) may propose at most **${LIMITS.proposalsPerClient} per hour**; keys past either are *unlisted keys*: stored in the record, on no public page, listed for the owner (\`field list\`, with counts and first/last seen; up to ${LIMITS.maxUnlistedKeys} names per app) and accepted like proposals (\`field accept <name>\`). Proposals never block the owner's own fields.
- Field names: 1–${LIMITS.maxFieldNameLength} characters after trimming, any script, no control characters. Names are case-sensitive and unique per app.
- App name up to ${LIMITS.maxAppNameLength} characters, description up to ${LIMITS.maxDescriptionLength}; labels up to ${LIMITS.maxLabelLength}.
- Choice fields: up to ${LIMITS.maxOptions} options of up to ${LIMITS.maxOptionLength} characters each.

## Field types
${FIELD_TYPES.map((t) => `- \`${t}\`: ${FIELD_TYPE_SPECS[t].description}`).join('\n')}

${CHOICE_TYPES.map((t) => `\`${t}\``).join(', ')} need \`options\`; submitted values must be among them (multichoice: an array of them; a likert field's options are its points, in order).
A \`rating\` field's \`max\` (${RATING.minMax}–${RATING.maxMax}, default ${RATING.defaultMax}) is a top-level key of \`field add\`/\`field update\` (\`--max-rating\` in svc-cli); its answers are 1 to max. A \`consent\` field is always required: its label is the text agreed to, a submission sends \`true\`, and the record stores \`{"agreed": true, "text": "<the label>"}\`.
\`required\` fields must be present in every submission. Mismatching values are refused with 422 listing the problems: the first ${MAX_LISTED_PROBLEMS}, then \`truncated: true\` and the \`total\` (every error answer stays under ${MAX_ERROR_BYTES / 1024} KiB, quoting at most ${MAX_QUOTED_CHARS} characters of a value).

## Help, rules, hidden fields
- \`help\` (text under the question, up to ${FORM_TEXT_LIMITS.help} characters) and \`placeholder\` are top-level keys of \`field add\`/\`field update\` (\`--help-text\`, \`--placeholder\`); null or "" removes them.
- \`rules\` is an object of what an answer must also meet: ${RULE_KEYS.map((key) => `\`${key}\` (${RULE_TYPES[key].join(', ')})`).join(', ')}. On update rules merge key by key; a rule sent as null is removed, \`rules: null\` removes all. A rule on the wrong type, min > max, or an unsafe pattern (over ${PATTERN_LIMITS.maxPatternLength} characters, not compiling with the \`u\` flag, a backreference, a repeated group holding a quantifier or |) is a 422 naming \`rules.<key>\`; a field with a pattern takes answers of at most ${PATTERN_LIMITS.maxCheckedLength} characters. Answers that break a rule are refused with 422 \`invalid_value\` naming the field and the rule; give \`patternMessage\` so respondents read what you mean.
- \`hidden: true\`: never shown, filled from the link \`/f/<token>?source=newsletter\` (or the HTML snippet's \`data-source\` attribute); a bad value is dropped and listed in the record's \`meta.dropped\`, never refused; never required. \`prefill: true\`: a shown field the link may fill. UTM parameters (\`utm_source\`…) go to \`meta.utm\`.

## File fields
A \`file\` field takes files: \`maxFiles\` (default ${FILE_LIMITS.defaultMaxFiles}, at most ${FILE_LIMITS.maxFiles}; above 1 the answer is an array), \`maxSize\` in bytes (default ${formatBytes(FILE_LIMITS.defaultMaxSize)}) and \`accept\` (MIME types like \`application/pdf\`, \`image/*\` and extensions like \`.pdf\`, decided by the file's bytes) are top-level keys of \`field add\`/\`field update\`. A stored answer is \`{id, name, size, type, sha256}\`; only the owner downloads the bytes. Three ways in:
- An HTML form with \`enctype="multipart/form-data"\` and \`<input type="file" name="cv">\` posting to \`…/form\` (the hosted fill-in page does this).
- \`curl -F name=Ada -F cv=@cv.pdf <endpoint>/form\`: a multipart post, the file as the part named by its field.
- JSON: upload first with \`curl --data-binary @cv.pdf -H 'Content-Type: application/octet-stream' -H 'Content-Disposition: attachment; filename="cv.pdf"' <endpoint>/files\` (any Content-Type but urlencoded; curl's default for --data-binary is urlencoded) (answers \`{"code": 200, "data": {"id", …}}\`), then post the record naming it, \`{"cv": {"file": "<id>"}}\`, within ${FILE_LIMITS.pendingMs / 3_600_000} hours (an unnamed upload is deleted then).
- Large files resume over tus at \`<endpoint>/uploads\` (tus-js-client, Uppy's Tus plugin); the finished upload's id is named the same way.
A file too large is a 413 \`too_large\`, one of another kind or too many a 422 \`invalid_value\`, one holding a virus a 422 \`infected\`; a refused record keeps none of its files.

## Conditional questions and pages
A field's \`showIf\` asks it only when earlier answers meet \`{"all"|"any": [{"field", "op", "value"}]}\`, ops ${SHOW_IF_OPS.map((op) => `\`${op}\``).join(', ')} (\`svc-cli field add|update --show-if '<json>'\`): "ask for details only if they answered No" is \`{"all": [{"field": "satisfied", "op": "eq", "value": false}]}\` on the details field. A condition names an earlier field with a value it can hold (an option of a choice field), else 422; a question not asked counts as unanswered, is required only when asked, and its answer is dropped from the record. A field's \`page\` (1-based, in order) starts a page of the fill-in form. The share setting \`pages\` (\`svc-cli share set --pages '[{"title": "About you"}, {"title": "Details", "showIf": {…}}]'\`, at most ${LIMITS.maxPages}) titles each page and may skip one with a \`showIf\` on fields of earlier pages: its questions then count as not asked.

Languages: a field's \`translations\` (\`{"fr": {"label", "help", "placeholder", "options"}}\`, at most ${MAX_LANGUAGES} languages; \`svc-cli field add|update --translation fr.label=Couleur --translation fr.options=Rouge,Bleu\`) give its texts in other languages; \`options\` lists one label per option in the field's order (422 naming the field and language otherwise, also when a change of options would leave a translation the wrong length: send both together). Share settings \`language\` (default \`${DEFAULT_LANGUAGE}\`) and \`translations\` (\`{"fr": {"thankYouMessage", "closedMessage"}}\`; \`svc-cli share set --language en --translation fr.thankYouMessage=Merci\`). The fill-in page picks \`?lang=\`, then Accept-Language, then the default, among the languages the form offers, with built-in words in English and French; records store the options themselves and \`meta.lang\` says which language was shown.

## Rules worth knowing
- Removing a field keeps the values already stored in records; renaming does not rewrite old records.
- Changing a field's type never converts stored values either. On a published app whose records hold values in the field it is refused (409 \`conflict\`, naming how many records) unless you send \`force: true\` (\`svc-cli field update --app <app> --field <field> --type <t> --force\`); decide with the user first.
- Top-level keys of a record are its fields; nested objects and arrays are kept as values.
- With auto-create on (the default), a stranger's unknown keys are stored with the record and become **proposed** fields (type inferred from the first value, not enforced): visible to the owner (\`field list\` shows \`proposed\`), on no fill-in page, snippet or \`?help\` until accepted with \`svc-cli field accept <name…> --app <id>\` (or \`--all\`; \`--type\` to choose the type, else the stored values settle it). The owner's own posts (with an access token) make accepted fields. Spam (honeypot, or a missing proof-of-work solution) never makes fields. With auto-create off, unknown keys are refused (422 \`unknown_field\`).
- A scale item can only use an accepted field.
- Spam defence beyond the honeypot: \`svc-cli share set --app <id> --challenge flag|require\` asks every stranger's post for a proof-of-work solution (ALTCHA). The hosted fill-in page solves it by itself; an owner's own page adds the widget, as \`?help\` shows: \`<script type="module" src="https://cdn.jsdelivr.net/npm/altcha@3.2.2/dist/main/altcha.min.js"></script>\` and \`<altcha-widget challenge="<endpoint>/challenge" auto="onload"></altcha-widget>\` inside the form (it adds the \`altcha\` field). Under \`require\` a post without one is 403 \`challenge_required\`; under \`flag\` it is stored as spam (meta.spamReasons says why).

## Commands
\`svc-cli app create --name …\`, \`svc-cli field add --app <id> --name <n> --type <${FIELD_TYPES.join('|')}>\`,
\`field list|get|accept|update|remove|move|options\`. All need login (access tokens start with \`${AUTH.accessTokenPrefix}\`).

## Generating a whole app
To build an app from one sentence, do not add everything by hand. A plain form (contact, RSVP, registration, sign-up, order, booking, feedback, bug report, job application, a survey without scoring) gets the fields it names, typed from their words (email → \`email\`, "number of guests" → \`number\`, "message" → \`longtext\`, options in brackets → \`choice\`) and nothing scored:
\`svc-cli smart generate --input "an RSVP form: name, email, attending yes/no, number of guests, dietary needs"\`
An assessment (scales with items and levels, report pages, expert commentary and styling) is planned when the instruction asks to measure something:
\`svc-cli smart generate --input "a 12-question burnout check for nurses: exhaustion, cynicism, efficacy; 5-point scale; calm blue"\`
(\`--plan-only\` to review the plan first with \`smart plan show\`, then \`smart execute --plan <planId>\`; \`--publish\` to publish the endpoint too).
Agents call the MCP tool \`svc_generate\` (instruction → plan id, summary and the planner's notes on the defaults it chose), show the plan to the user, then \`svc_execute\` with the plan id; both are safe to repeat. The plan's sections (${PLAN_MODULES.join(', ')}) follow the same rules as the skills \`scale\`, \`report\`, \`expert\` and \`connect\`; fine-tune the result with their commands.
`
}
