/**
 * @module The fill-in page's built-in words in each language svc speaks to respondents
 * (English and French): buttons, progress, marks, the error summary, the refusals and each
 * field type's words for a missing or refused answer. A form in another language shows its
 * owner's texts with English built-in words. The English words are respondent-words.ts's.
 */
import { FIELD_TYPE_SPECS, type FieldType } from '../../contract/fields/types/index.ts'
import type { RespondentWords } from '../../contract/fields/types/spec.ts'
import type { PageWords } from './page-words.ts'
import {
  CHOOSE_FILES_AGAIN,
  CLOSED_TEXT,
  DUPLICATE_ANSWER_TEXT,
  DUPLICATE_TEXT,
  FILE_TOO_LARGE_WORDS,
  NOT_ACCEPTING_TEXT,
  NOT_FOUND_TEXT,
  REFUSAL_WORDS,
  SUBMIT_ANOTHER,
} from '../respondent-words.ts'
import { FRENCH } from './words-fr.ts'

export type { PageWords, RefusalWords } from './page-words.ts'

export const ENGLISH: PageWords = {
  lang: 'en',
  required: ' (required)',
  choose: 'Choose…',
  chooseAll: 'Choose all that apply.',
  jsonHint: 'JSON, e.g. {"key": "value"}',
  noQuestions: 'This form has no questions yet.',
  problem: 'There is a problem',
  errorTitle: (title) => `Error: ${title}`,
  submit: 'Submit',
  submitAnother: SUBMIT_ANOTHER,
  chooseFilesAgain: CHOOSE_FILES_AGAIN,
  notFound: NOT_FOUND_TEXT,
  notAccepting: NOT_ACCEPTING_TEXT,
  closed: CLOSED_TEXT,
  duplicate: DUPLICATE_TEXT,
  duplicateAnswer: DUPLICATE_ANSWER_TEXT,
  thanksTitle: 'Thank you',
  thanksDefault: (appName) => `Your answers to “${appName}” were saved.`,
  languages: 'Languages',
  more: (more) =>
    `Check ${more} more ${more === 1 ? 'answer' : 'answers'} too: ${more === 1 ? 'it is' : 'they are'} not listed here`,
  andMore: (more) => `and ${more} more`,
  forOwner: (message) => `For the form's owner: ${message}`,
  choiceLabels: {},
  refusals: REFUSAL_WORDS,
  fileTooLarge: FILE_TOO_LARGE_WORDS,
  types: Object.fromEntries(Object.values(FIELD_TYPE_SPECS).map((spec) => [spec.name, spec.respondent])) as Record<
    FieldType,
    RespondentWords
  >,
  script: {
    next: 'Next',
    back: 'Back',
    page: 'Page',
    question: 'Question',
    of: 'of',
    progress: 'Progress through the form',
    sending: 'Sending…',
    sendingFiles: 'Sending your answers and files…',
    uploading: 'Uploading your files',
    uploaded: 'Your files are uploaded. Saving your answers…',
    thanks: 'Thank you – your answers were saved.',
    results: 'See your results',
    offline: 'Could not send your answers. Check your connection and try again.',
    problem: 'There is a problem',
    error: 'Error: ',
    forOwner: "For the form's owner: ",
  },
}

const BY_LANGUAGE: Readonly<Record<string, PageWords>> = { en: ENGLISH, fr: FRENCH }

/** The built-in words for `lang` (`fr-CA` takes French), English when svc does not speak it. */
export const wordsOf = (lang: string): PageWords => BY_LANGUAGE[lang] ?? BY_LANGUAGE[lang.split('-')[0]] ?? ENGLISH

/** The name of `lang` in itself, for the language switcher; the tag itself when svc does not know it. */
export function languageName(lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang
  } catch {
    return lang
  }
}
