/**
 * @module The hosted pages: the admin page, a published app's fill-in page with its form
 * post and thank-you page, and a respondent's report. HTML for people, so their refusals
 * are pages too (a form post that asks for JSON gets the error envelope).
 */
import { z } from 'zod'
import { content, empty, type OperationsOf, lazyAnswers } from './operation.ts'
import { FILE_ERRORS, formBodies, refusalPages, WRITE_ERRORS } from './ingest.ts'

/** A fill-in page post is refused as a share post is. */
const FILL_IN_ERRORS = [...WRITE_ERRORS, ...FILE_ERRORS] as const

const notFoundPage = content('text/html', 'No published form has this address (a page)')

export const pageOperations = lazyAnswers({
  'pages.home': {
    summary: 'Go to the admin page',
    tags: ['pages'],
    access: 'public',
    answers: () => ({ 302: empty('To /admin/', true) }),
    errors: [],
  },
  'pages.admin': {
    summary: 'The admin page (HTML)',
    description:
      'The built page, under a strict Content-Security-Policy; /admin without the slash is a 301 to /admin/. A server whose admin page was never built answers 500 saying how to build it.',
    tags: ['pages'],
    access: 'public',
    answers: () => ({ 200: content('text/html', 'The page'), 301: empty('To /admin/', true) }),
    errors: [],
  },
  'pages.adminAsset': {
    summary: "A file of the admin page's build",
    description:
      'Hashed names, cached for a year; Brotli or gzip copies when accepted. Machinery: not in the document.',
    tags: ['pages'],
    access: 'public',
    answers: () => ({ 200: content('application/octet-stream', 'A script, style sheet, image or font') }),
    errors: ['not_found'],
  },
  'pages.fillIn': {
    summary: 'The fill-in page of a published app (HTML)',
    tags: ['fill-in'],
    access: 'public',
    answers: () => ({
      200: content('text/html', 'The form'),
      403: content(
        'text/html',
        "The form is not accepting answers at the moment (writes are switched off), or is closed (closed, closeAfter, closesAt): the owner's closed text",
      ),
      404: notFoundPage,
    }),
    errors: [],
  },
  'pages.fillInPost': {
    summary: 'Submit the fill-in form',
    description:
      "A 303 to the respondent's report, or to the thank-you page when the app offers none. With Accept: application/json the record id (and the report's URL) instead, and refusals as the error envelope; " +
      "a browser's refused post is the form again with the problems, at the error's status; a closed form's (403 closed) is its closed text, a browser's second response to a form taking one per browser (409 duplicate) a page saying so. " +
      'With onePerBrowser on, a stored post sets the svc_responded cookie (HttpOnly, SameSite=Lax, Path=/f/<token>).',
    tags: ['fill-in'],
    access: 'public',
    bodies: formBodies(),
    answers: () => ({
      200: {
        kind: 'json',
        description: 'Stored (Accept: application/json)',
        schema: z.object({
          code: z.literal(200),
          data: z.object({ id: z.string(), reportUrl: z.string().optional() }),
        }),
        data: z.object({
          id: z.string(),
          reportUrl: z
            .string()
            .optional()
            .meta({ description: "When the app offers a report: the respondent's, with its key" }),
        }),
      },
      303: empty("To the respondent's report, or the thank-you page", true),
      ...refusalPages(FILL_IN_ERRORS, 'The form again, with what to fix (or the page saying the form is not found)'),
    }),
    errors: FILL_IN_ERRORS,
  },
  'pages.thanks': {
    summary: 'The hosted thank-you page (HTML)',
    description:
      'After a form post to an endpoint, or a fill-in page of an app that offers no report: the owner\'s text in the app\'s style, and "Submit another response" when the owner offers it. ' +
      "With the server's ?sig and the posting browser's cookie it is the page after a site's own form: it leads back to that form (?back names the site) and notes a refused ?redirect; without, it is the hosted form's page.",
    tags: ['fill-in'],
    access: 'public',
    query: z.object({
      back: z.string().optional().meta({ description: 'The page the form was on' }),
      redirect: z.string().optional().meta({ description: 'A _redirect that was refused' }),
      sig: z
        .string()
        .optional()
        .meta({ description: "The server's signature: a site's form led this browser here, with back and redirect" }),
    }),
    answers: () => ({ 200: content('text/html', 'The page'), 404: notFoundPage }),
    errors: [],
  },
  'pages.fillInScript': {
    summary: 'The script of the fill-in page',
    tags: ['fill-in'],
    access: 'public',
    answers: () => ({ 200: content('text/javascript', 'The script') }),
    errors: [],
  },
  'pages.wayBackScript': {
    summary: 'The script of the refusal and thank-you pages: the way back to the form',
    tags: ['fill-in'],
    access: 'public',
    answers: () => ({ 200: content('text/javascript', 'The script') }),
    errors: [],
  },
  'pages.report': {
    summary: "A respondent's report (HTML)",
    description: "Needs the record's report key (?k). Scores are the ones stored at submission.",
    tags: ['fill-in'],
    access: 'public',
    query: z.object({ k: z.string().optional().meta({ description: 'The report key' }) }),
    answers: () => ({
      200: content('text/html', 'The report'),
      404: content('text/html', 'The same page for an unknown record and a wrong or missing key'),
    }),
    errors: [],
  },
} as const) satisfies OperationsOf<'pages'>
