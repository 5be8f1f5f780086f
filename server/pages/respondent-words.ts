/**
 * @module How a refused answer is put to a respondent (GOV.UK error-message style: say
 * what to do, in plain words). A field is named by its label, not its key; a problem with
 * its answer is its type's respondent words (fields/types/, one pair per type); a refusal of
 * the whole post is a sentence per error type. Programs keep the precise messages of the
 * JSON answers. The fill-in page, its script and the page of a refused form post
 * (form-post.ts) all take their words from here.
 */
import type { ErrorType, Problem } from '../contract/errors.ts'
import { fieldTypeSpec, type FieldType } from '../contract/fields/types/index.ts'
import type { RespondentWords } from '../contract/fields/types/spec.ts'
import type { FillInField } from '../core/connect/fill-in.ts'
import { REQUIRED_MESSAGE } from '../core/fields/values.ts'
import { ruleWords } from '../contract/fields/rule-check.ts'

/** Fields answered by picking (their type's control is `choices`): radio buttons, checkboxes or a select list. */
export const usesChoices = (field: Pick<FillInField, 'type'>): boolean =>
  fieldTypeSpec(field.type).control.kind === 'choices'

export const labelOf = (field: Pick<FillInField, 'name' | 'label'>): string => field.label || field.name

/**
 * What goes between a question and the problem with its answer: ": ", or a space after a
 * label that ends in its own punctuation ("Will you come? Select an answer", not "come?:").
 * fill-in.client.js keeps the same rule for the summary it writes.
 */
export const labelSeparator = (label: string): string => (/[?!:.？！：。]$/u.test(label.trim()) ? ' ' : ': ')

/** A server problem about `field`'s answer in a respondent's words: its type's words for a missing or a refused answer, or the words of the rule that refused it. */
export function respondentMessage(
  field: Pick<FillInField, 'type' | 'rules'>,
  message: string,
  language?: RefusalLanguage,
): string {
  const words = language?.types[field.type] ?? fieldTypeSpec(field.type).respondent
  return message === REQUIRED_MESSAGE ? words.missing : (ruleWords(field.rules, message) ?? words.invalid)
}

/** Under a file input of a refused post shown again: the text answers are back, but no page may choose files for someone. */
export const CHOOSE_FILES_AGAIN = 'Choose your file again: files are not kept when a form is sent back.'

/** On the page a refused post to an endpoint leads to, when its form takes files. */
export const FILES_GONE_BACK = 'Files you attached may have to be chosen again.'

/** A file past its field's `maxSize` (413 `too_large`, `details.limit` `maxSize`): not a matter of the answers' length. */
export const FILE_TOO_LARGE_WORDS = {
  text: 'A file you chose is larger than this form takes for one file. Choose a smaller file, then send the form again.',
  owner: false,
}

/** The way to a new response from the thank-you, when the owner offers it. */
export const SUBMIT_ANOTHER = 'Submit another response'
/** The way back to a site's own form from the page its post led to. */
export const BACK_TO_THE_FORM = 'Back to the form'

export const NOT_FOUND_TEXT =
  'No published form has this address. The link may be mistyped, or the form was unpublished.'
export const NOT_ACCEPTING_TEXT = 'This form is not accepting answers at the moment.'
/** What a closed form says when its owner wrote no closed text. */
export const CLOSED_TEXT = 'This form is closed and no longer takes responses. Thank you for your interest.'
/** A second response from the same browser, or with a value already given, to a form that takes one. */
export const DUPLICATE_TEXT = 'A response has already been sent from this browser, so this one was not saved.'
/** Under the question of the form's unique field when its answer was given before. */
export const DUPLICATE_ANSWER_TEXT =
  'A response with this answer was already sent, so this one was not saved. Check your answer.'

/** What a refusal means to someone whose form is set up wrongly: nothing they can fix, so tell the owner. */
const OWNER_FAULT = "This form is not set up correctly, so your answers could not be sent. Let the form's owner know."

/**
 * What a respondent is told when a post is refused as a whole (or for a reason not tied to
 * one of the form's questions), by error type. `owner`: only the form's owner can fix it,
 * so the page also shows the precise message for them.
 */
export const REFUSAL_WORDS: Record<ErrorType, { text: string; owner: boolean }> = {
  bad_json: { text: OWNER_FAULT, owner: true },
  bad_request: { text: OWNER_FAULT, owner: true },
  unauthorized: { text: OWNER_FAULT, owner: true },
  token_expired: { text: OWNER_FAULT, owner: true },
  bad_signature: { text: OWNER_FAULT, owner: true },
  stale_signature: { text: OWNER_FAULT, owner: true },
  code_required: { text: OWNER_FAULT, owner: true },
  forbidden: { text: OWNER_FAULT, owner: true },
  reauth_required: { text: OWNER_FAULT, owner: true },
  wrong_password: { text: OWNER_FAULT, owner: true },
  wrong_code: { text: OWNER_FAULT, owner: true },
  not_found: { text: NOT_FOUND_TEXT, owner: false },
  method_not_allowed: { text: OWNER_FAULT, owner: true },
  conflict: { text: OWNER_FAULT, owner: true },
  unsupported_version: { text: OWNER_FAULT, owner: true },
  range_not_satisfiable: { text: OWNER_FAULT, owner: true },
  disabled: { text: NOT_ACCEPTING_TEXT, owner: false },
  closed: { text: CLOSED_TEXT, owner: false },
  duplicate: { text: DUPLICATE_TEXT, owner: false },
  challenge_required: {
    text: 'Your browser could not finish the automatic check this form uses against spam, so your answers were not sent. Make sure JavaScript is on, reload the page and send the form again.',
    owner: false,
  },
  too_large: { text: 'Your answers are too long to send. Shorten them and send the form again.', owner: false },
  quota_exceeded: {
    text: "This form cannot take more files at the moment, so your answers were not sent. Let the form's owner know.",
    owner: true,
  },
  infected: {
    text: 'A file you attached was found to hold a virus, so your answers were not sent. Attach another file.',
    owner: false,
  },
  scan_unavailable: {
    text: 'Your files could not be checked for viruses just now, so your answers were not sent. Try again in a few minutes.',
    owner: false,
  },
  unsupported_media_type: { text: OWNER_FAULT, owner: true },
  unknown_field: { text: OWNER_FAULT, owner: true },
  empty_record: { text: 'Answer at least one question, then send the form again.', owner: false },
  field_limit: { text: OWNER_FAULT, owner: true },
  idempotency_key_reused: { text: OWNER_FAULT, owner: true },
  invalid_value: { text: OWNER_FAULT, owner: true },
  validation: { text: OWNER_FAULT, owner: true },
  rate_limited: {
    text: 'Too many answers are arriving at the moment. Wait a minute, then send the form again.',
    owner: false,
  },
  timeout: {
    text: 'Sending your answers took too long. Check your connection, then send the form again.',
    owner: false,
  },
  storage_unavailable: {
    text: 'Answers cannot be saved at the moment. Wait a few minutes, then send the form again.',
    owner: false,
  },
  not_ready: {
    text: 'The form is restarting, so your answers were not saved. Wait a minute, then send the form again.',
    owner: false,
  },
  internal: {
    text: 'Something went wrong, so your answers were not saved. Wait a few minutes, then send the form again.',
    owner: false,
  },
}

/** The words of a refusal in a language other than English (languages/words.ts holds them). */
export interface RefusalLanguage {
  refusals: Record<ErrorType, { text: string; owner: boolean }>
  fileTooLarge: { text: string; owner: boolean }
  duplicateAnswer: string
  types: Record<FieldType, RespondentWords>
  more: (count: number) => string
  andMore: (count: number) => string
}

/** A refused post as a respondent reads it. */
export interface RespondentRefusal {
  /** Words about the answers to the form's questions, by field name. */
  fields: Map<string, string>
  /** Sentences about the whole post: the error's own, when no question explains it. */
  general: string[]
  /** Problems counted beyond the listed ones (an error answer lists the first 20). */
  more: number
  /** The precise messages, for the form's owner, when only the owner can fix the refusal. */
  forOwner: string[]
  /** The language its words are in, when not English. */
  language?: RefusalLanguage
}

/** The line after the listed problems when the error counted more: they are checked again once these are fixed. */
export const moreText = (more: number): string =>
  `Check ${more} more ${more === 1 ? 'answer' : 'answers'} too: ${more === 1 ? 'it is' : 'they are'} not listed here`

/**
 * The line counting the problems past the listed ones, or null: the answers still to check when
 * questions are listed, else more of the owner's details (only the owner can fix those).
 */
export const moreLine = (refusal: RespondentRefusal): string | null =>
  refusal.more <= 0
    ? null
    : refusal.fields.size > 0
      ? (refusal.language?.more ?? moreText)(refusal.more)
      : (refusal.language?.andMore ?? ((more: number) => `and ${more} more`))(refusal.more)

/** The line that gives the precise message of a refusal only the owner can fix. */
export const forOwnerText = (message: string): string => `For the form's owner: ${message}`

/** The refusal `error` of a post to a form with `fields`, in a respondent's words. */
export function respondentRefusal(
  error: { type: ErrorType; message: string; details?: unknown },
  fields: readonly FillInField[],
  language?: RefusalLanguage,
): RespondentRefusal {
  const details = error.details as
    | { problems?: Problem[]; total?: number; field?: unknown; limit?: unknown }
    | undefined
  const problems = Array.isArray(details?.problems) ? details.problems : []
  const byName = new Map(fields.map((field) => [field.name, field]))
  const words = new Map<string, string>()
  // A refusal about one file field's files (too many of them) names it in `details.field`.
  const named = typeof details?.field === 'string' ? byName.get(details.field) : undefined
  if (problems.length === 0 && named?.type === 'file')
    words.set(named.name, (language?.types.file ?? fieldTypeSpec('file').respondent).invalid)
  // A duplicate of the form's unique field (uniqueField) names it: the answer to change.
  else if (error.type === 'duplicate' && named)
    words.set(named.name, language?.duplicateAnswer ?? DUPLICATE_ANSWER_TEXT)
  const elsewhere: Problem[] = []
  for (const problem of problems) {
    const field = byName.get(problem.path)
    if (field && !words.has(field.name)) words.set(field.name, respondentMessage(field, problem.message, language))
    else if (!field) elsewhere.push(problem)
  }
  const more = typeof details?.total === 'number' ? details.total - problems.length : 0
  // A refusal no question explains: about keys the form's page sends but the app does not know, or the post as a whole.
  const unexplained = words.size === 0 || elsewhere.length > 0
  const table = language ?? { fileTooLarge: FILE_TOO_LARGE_WORDS, refusals: REFUSAL_WORDS }
  const refusal =
    error.type === 'too_large' && details?.limit === 'maxSize' ? table.fileTooLarge : table.refusals[error.type]
  return {
    ...(language ? { language } : {}),
    fields: words,
    general: unexplained ? [refusal.text] : [],
    more,
    forOwner: !unexplained
      ? []
      : elsewhere.length > 0
        ? elsewhere.map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message))
        : refusal.owner
          ? [error.message]
          : [],
  }
}
