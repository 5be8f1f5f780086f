/**
 * @module The wording of the e-mails of an e-mail change: the confirmation link to the new
 * address, and the notices to the old one when the change is asked for and when it is made.
 */
import type { Mail } from '../mailer.ts'
import { AUTH } from '../../contract/limits.ts'

/** The link that confirms the change, sent to the new address. */
export function emailChangeConfirmMail(to: string, oldEmail: string, link: string, baseUrl: string): Mail {
  return {
    to,
    subject: 'svc: confirm your new e-mail address',
    text: [
      `The svc account ${oldEmail} at ${baseUrl} asked to use this address from now on.`,
      'To confirm, open this link and press the button there:',
      '',
      `    ${link}`,
      '',
      `The link works once, for ${AUTH.emailChangeTtlMs / 3_600_000} hours. Until it is used the account keeps its old address.`,
      '',
      'If you did not ask for this, ignore this e-mail: nothing changes without the link.',
      '',
    ].join('\n'),
  }
}

/** Tells the old address that a change to `newEmail` was asked for and how to stop it. */
export function emailChangeRequestedMail(to: string, newEmail: string, baseUrl: string): Mail {
  return {
    to,
    subject: 'svc: a change of your e-mail address was requested',
    text: [
      `Someone logged in to your svc account at ${baseUrl} asked to change its e-mail address from ${to} to ${newEmail}.`,
      `It takes effect only when the link sent to ${newEmail} is followed (within ${AUTH.emailChangeTtlMs / 3_600_000} hours).`,
      '',
      'If that was you, nothing needs doing. If not, stop it now: log in, cancel the change',
      '(Account in the admin page, svc-cli profile update --cancel-email, or DELETE /api/v3/profile/email),',
      'change your password and revoke the access tokens you do not recognise.',
      '',
    ].join('\n'),
  }
}

/** Tells the old address that the account now uses `newEmail`. */
export function emailChangedMail(to: string, newEmail: string, baseUrl: string): Mail {
  return {
    to,
    subject: 'svc: your e-mail address was changed',
    text: [
      `Your svc account at ${baseUrl} now uses the e-mail address ${newEmail} instead of ${to}.`,
      'Login codes and notices go there from now on.',
      '',
      'If you did not do this, contact the administrator of this server.',
      '',
    ].join('\n'),
  }
}
