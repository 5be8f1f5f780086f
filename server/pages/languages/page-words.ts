/** @module The shape of the fill-in page's built-in words in one language (words.ts holds each language's). */
import type { ErrorType } from '../../contract/errors.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { RespondentWords } from '../../contract/fields/types/spec.ts'
import type { RefusalLanguage } from '../respondent-words.ts'

/** A refusal as a respondent reads it, and whether only the owner can fix it. */
export interface RefusalWords {
  text: string
  owner: boolean
}

/** The built-in words of the fill-in page in one language. */
export interface PageWords extends RefusalLanguage {
  /** The words' own language tag. */
  lang: string
  required: string
  choose: string
  chooseAll: string
  jsonHint: string
  noQuestions: string
  problem: string
  errorTitle: (title: string) => string
  submit: string
  submitAnother: string
  chooseFilesAgain: string
  notFound: string
  notAccepting: string
  closed: string
  duplicate: string
  duplicateAnswer: string
  thanksTitle: string
  thanksDefault: (appName: string) => string
  languages: string
  more: (count: number) => string
  andMore: (count: number) => string
  forOwner: (message: string) => string
  /** Labels of built-in choices by value (a yes/no field's), where the language has its own. */
  choiceLabels: Readonly<Record<string, string>>
  refusals: Record<ErrorType, RefusalWords>
  fileTooLarge: RefusalWords
  types: Record<FieldType, RespondentWords>
  /** The words fill-in.client.js writes itself, by its keys. */
  script: {
    next: string
    back: string
    page: string
    question: string
    of: string
    progress: string
    sending: string
    sendingFiles: string
    uploading: string
    uploaded: string
    thanks: string
    results: string
    offline: string
    problem: string
    error: string
    forOwner: string
  }
}
