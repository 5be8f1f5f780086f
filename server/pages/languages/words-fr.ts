/** @module The fill-in page's built-in words in French (words.ts lists what each one is). */
import type { ErrorType } from '../../contract/errors.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { RespondentWords } from '../../contract/fields/types/spec.ts'
import type { PageWords, RefusalWords } from './page-words.ts'

const NOT_FOUND =
  'Aucun formulaire publié n’a cette adresse. Le lien est peut-être mal saisi, ou le formulaire a été retiré.'
const NOT_ACCEPTING = 'Ce formulaire n’accepte pas de réponses pour le moment.'
const CLOSED = 'Ce formulaire est clos et n’accepte plus de réponses. Merci de votre intérêt.'
const DUPLICATE = 'Une réponse a déjà été envoyée depuis ce navigateur : celle-ci n’a donc pas été enregistrée.'
const OWNER_FAULT =
  'Ce formulaire n’est pas configuré correctement : vos réponses n’ont pas pu être envoyées. Prévenez la personne qui l’a créé.'

const owner: RefusalWords = { text: OWNER_FAULT, owner: true }

const REFUSALS: Record<ErrorType, RefusalWords> = {
  bad_json: owner,
  bad_request: owner,
  unauthorized: owner,
  token_expired: owner,
  bad_signature: owner,
  stale_signature: owner,
  code_required: owner,
  forbidden: owner,
  reauth_required: owner,
  wrong_password: owner,
  wrong_code: owner,
  not_found: { text: NOT_FOUND, owner: false },
  method_not_allowed: owner,
  conflict: owner,
  unsupported_version: owner,
  range_not_satisfiable: owner,
  disabled: { text: NOT_ACCEPTING, owner: false },
  closed: { text: CLOSED, owner: false },
  duplicate: { text: DUPLICATE, owner: false },
  challenge_required: {
    text: "Votre navigateur n'a pas pu terminer la vérification automatique que ce formulaire utilise contre le spam : vos réponses n'ont pas été envoyées. Vérifiez que JavaScript est activé, rechargez la page et renvoyez le formulaire.",
    owner: false,
  },
  too_large: {
    text: 'Vos réponses sont trop longues pour être envoyées. Raccourcissez-les, puis renvoyez le formulaire.',
    owner: false,
  },
  quota_exceeded: {
    text: 'Ce formulaire ne peut plus recevoir de fichiers pour le moment : vos réponses n’ont pas été envoyées. Prévenez la personne qui l’a créé.',
    owner: true,
  },
  infected: {
    text: 'Un fichier joint contient un virus : vos réponses n’ont pas été envoyées. Joignez un autre fichier.',
    owner: false,
  },
  scan_unavailable: {
    text: 'Vos fichiers n’ont pas pu être analysés pour le moment : vos réponses n’ont pas été envoyées. Réessayez dans quelques minutes.',
    owner: false,
  },
  unsupported_media_type: owner,
  unknown_field: owner,
  empty_record: { text: 'Répondez à au moins une question, puis renvoyez le formulaire.', owner: false },
  field_limit: owner,
  idempotency_key_reused: owner,
  invalid_value: owner,
  validation: owner,
  rate_limited: {
    text: 'Trop de réponses arrivent en ce moment. Attendez une minute, puis renvoyez le formulaire.',
    owner: false,
  },
  timeout: {
    text: 'L’envoi de vos réponses a pris trop de temps. Vérifiez votre connexion, puis renvoyez le formulaire.',
    owner: false,
  },
  storage_unavailable: {
    text: 'Les réponses ne peuvent pas être enregistrées pour le moment. Attendez quelques minutes, puis renvoyez le formulaire.',
    owner: false,
  },
  not_ready: {
    text: 'Le formulaire redémarre : vos réponses n’ont pas été enregistrées. Attendez une minute, puis renvoyez le formulaire.',
    owner: false,
  },
  internal: {
    text: 'Une erreur s’est produite : vos réponses n’ont pas été enregistrées. Attendez quelques minutes, puis renvoyez le formulaire.',
    owner: false,
  },
}

const TEXT: RespondentWords = { missing: 'Saisissez une réponse', invalid: 'Saisissez une seule réponse' }
const CHOICE: RespondentWords = { missing: 'Choisissez une réponse', invalid: 'Choisissez l’une des options' }

const TYPES: Record<FieldType, RespondentWords> = {
  text: TEXT,
  longtext: TEXT,
  number: { missing: 'Saisissez un nombre', invalid: 'Saisissez un nombre, comme 7 ou 7,5' },
  boolean: { missing: 'Choisissez Oui ou Non', invalid: 'Choisissez Oui ou Non' },
  choice: CHOICE,
  multichoice: {
    missing: 'Choisissez au moins une réponse',
    invalid: 'Choisissez uniquement parmi les options proposées',
  },
  likert: CHOICE,
  rating: { missing: 'Choisissez une note', invalid: 'Choisissez l’une des notes' },
  nps: { missing: 'Choisissez une note de 0 à 10', invalid: 'Choisissez une note de 0 à 10' },
  date: { missing: 'Saisissez une date', invalid: 'Saisissez une date réelle, comme 2026-01-31' },
  time: { missing: 'Saisissez une heure', invalid: 'Saisissez une heure réelle, comme 09:30 ou 17:45' },
  datetime: {
    missing: 'Saisissez une date et une heure',
    invalid: 'Saisissez une date et une heure réelles, comme 2026-01-31 09:30',
  },
  email: { missing: 'Saisissez une adresse e-mail', invalid: 'Saisissez une adresse e-mail comme nom@example.com' },
  phone: {
    missing: 'Saisissez un numéro de téléphone',
    invalid: 'Saisissez un numéro de téléphone, comme 01 23 45 67 89 ou +33 1 23 45 67 89',
  },
  url: {
    missing: 'Saisissez l’adresse d’un site',
    invalid: 'Saisissez l’adresse d’un site, comme https://example.com',
  },
  consent: { missing: 'Cochez la case pour donner votre accord', invalid: 'Cochez la case pour donner votre accord' },
  file: { missing: 'Choisissez un fichier', invalid: 'Choisissez un fichier du type et de la taille demandés' },
  json: {
    missing: 'Saisissez du JSON, comme {"clé": "valeur"}',
    invalid: 'Saisissez du JSON valide, comme {"clé": "valeur"}',
  },
}

export const FRENCH: PageWords = {
  lang: 'fr',
  required: ' (obligatoire)',
  choose: 'Choisissez…',
  chooseAll: 'Choisissez toutes les réponses qui conviennent.',
  jsonHint: 'JSON, par exemple {"clé": "valeur"}',
  noQuestions: 'Ce formulaire n’a pas encore de questions.',
  problem: 'Il y a un problème',
  errorTitle: (title) => `Erreur : ${title}`,
  submit: 'Envoyer',
  submitAnother: 'Envoyer une autre réponse',
  chooseFilesAgain:
    'Choisissez à nouveau votre fichier : les fichiers ne sont pas conservés quand un formulaire est renvoyé.',
  notFound: NOT_FOUND,
  notAccepting: NOT_ACCEPTING,
  closed: CLOSED,
  duplicate: DUPLICATE,
  duplicateAnswer:
    'Une réponse avec cette valeur a déjà été envoyée : celle-ci n’a donc pas été enregistrée. Vérifiez votre réponse.',
  thanksTitle: 'Merci',
  thanksDefault: (appName) => `Vos réponses à « ${appName} » ont été enregistrées.`,
  languages: 'Langues',
  more: (more) =>
    more === 1
      ? 'Vérifiez aussi 1 autre réponse : elle n’est pas listée ici'
      : `Vérifiez aussi ${more} autres réponses : elles ne sont pas listées ici`,
  andMore: (more) => `et ${more} de plus`,
  forOwner: (message) => `Pour la personne qui a créé le formulaire : ${message}`,
  choiceLabels: { true: 'Oui', false: 'Non' },
  refusals: REFUSALS,
  fileTooLarge: {
    text: 'Un fichier choisi est plus grand que ce que ce formulaire accepte. Choisissez un fichier plus petit, puis renvoyez le formulaire.',
    owner: false,
  },
  types: TYPES,
  script: {
    next: 'Suivant',
    back: 'Retour',
    page: 'Page',
    question: 'Question',
    of: 'sur',
    progress: 'Progression dans le formulaire',
    sending: 'Envoi…',
    sendingFiles: 'Envoi de vos réponses et fichiers…',
    uploading: 'Envoi de vos fichiers',
    uploaded: 'Vos fichiers sont envoyés. Enregistrement de vos réponses…',
    thanks: 'Merci – vos réponses ont été enregistrées.',
    results: 'Voir vos résultats',
    offline: 'Vos réponses n’ont pas pu être envoyées. Vérifiez votre connexion et réessayez.',
    problem: 'Il y a un problème',
    error: 'Erreur : ',
    forOwner: 'Pour la personne qui a créé le formulaire : ',
  },
}
