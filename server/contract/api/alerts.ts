/**
 * @module The revoke link of the account alert mails (core/auth/alerts.ts): a page with one
 * button, and the button's POST, which revokes the access tokens the link names and nothing else.
 */
import { content, type OperationsOf, lazyAnswers } from './operation.ts'

const tags = ['auth']
const linkText =
  'The link is the one of an account alert mail (no login: it is signed, names the tokens it revokes and works for 7 days).'

export const alertOperations = lazyAnswers({
  'alerts.revokePage': {
    summary: 'The revoke page of an account alert mail',
    description: `${linkText} Shows the tokens it would revoke and one button, so a mail scanner following links revokes nothing.`,
    tags,
    access: 'public',
    answers: () => ({
      200: content('text/html', 'The page with the button'),
      404: content('text/html', 'The page saying the link is not valid'),
    }),
    errors: [],
  },
  'alerts.revoke': {
    summary: 'Revoke the access tokens an account alert mail names',
    description: `${linkText} The page's button: revokes those tokens (the ones still there); logs nobody in and changes nothing else.`,
    tags,
    access: 'public',
    answers: () => ({
      200: content('text/html', 'The page saying which tokens were revoked'),
      404: content('text/html', 'The page saying the link is not valid'),
    }),
    errors: [],
  },
} as const) satisfies OperationsOf<'alerts'>
