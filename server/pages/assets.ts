/**
 * @module Static files of the public pages, embedded at build time (so a compiled
 * single executable carries them) and served by the fill-in plugin.
 */
import fillInScript from './assets/fill-in.client.js' with { type: 'text' }
import showIfScript from './assets/show-if.client.js' with { type: 'text' }
import keepAnswersScript from './assets/keep-answers.client.js' with { type: 'text' }
import wayBackScript from './assets/way-back.client.js' with { type: 'text' }
import challengeScript from './assets/challenge.client.js' with { type: 'text' }
import { DUPLICATE_ANSWER_TEXT, FILE_TOO_LARGE_WORDS, REFUSAL_WORDS } from './respondent-words.ts'
import { shownFields } from '../contract/fields/show-if-eval.ts'
import { ENGLISH } from './languages/words.ts'

/** Where the fill-in script takes the server's words for a refused post. */
const REFUSAL_WORDS_SLOT = "'__REFUSAL_WORDS__'"
/** Where it takes the words for a file past its field's size (a 413 that is not about the answers' length). */
const FILE_TOO_LARGE_SLOT = "'__FILE_TOO_LARGE__'"
/** Where it takes the words under a unique field's question whose answer was given before. */
const DUPLICATE_ANSWER_SLOT = "'__DUPLICATE_ANSWER__'"
/** Where it takes the words it writes itself, in English (a page in another language gives its own, data-words). */
const SCRIPT_WORDS_SLOT = "'__SCRIPT_WORDS__'"
/** Where the conditional questions' script takes the evaluator: the server's own function, as source. */
const SHOWN_FIELDS_SLOT = "'__SHOWN_FIELDS__'"

/** `script` with `slot` replaced by `value` as a JS literal; a slot that is missing is a build mistake, refused at start-up. */
function fillSlot(script: string, slot: string, value: unknown): string {
  return fillCode(script, slot, JSON.stringify(value))
}

/** `script` with `slot` replaced by the code `code`. */
function fillCode(script: string, slot: string, code: string): string {
  if (!script.includes(slot)) throw new Error(`The page script has no ${slot} to fill`)
  return script.replace(slot, () => code)
}

/**
 * The fill-in page's enhancement scripts, in one file and this order: the answers kept in the
 * tab (keep-answers.client.js) put back first, then conditional questions (with the evaluator
 * the server runs, contract/fields/show-if-eval.ts), the proof-of-work solver (challenge.client.js,
 * which the rest waits for before sending), then the rest, with the respondent words of refusals
 * (respondent-words.ts).
 */
export const FILL_IN_CLIENT_JS: string = [
  keepAnswersScript,
  fillCode(showIfScript, SHOWN_FIELDS_SLOT, `(${shownFields.toString()})`),
  challengeScript,
  fillSlot(
    fillSlot(
      fillSlot(fillSlot(fillInScript, REFUSAL_WORDS_SLOT, REFUSAL_WORDS), FILE_TOO_LARGE_SLOT, FILE_TOO_LARGE_WORDS),
      DUPLICATE_ANSWER_SLOT,
      DUPLICATE_ANSWER_TEXT,
    ),
    SCRIPT_WORDS_SLOT,
    ENGLISH.script,
  ),
].join('\n')

/** The script of the pages a form post leads to: the way back to the form (way-back.ts). */
export const WAY_BACK_CLIENT_JS: string = wayBackScript
