/**
 * @module The public fill-in page of a published app and its native form submission.
 *
 * | Method | Path                   | Body                          | Answer |
 * |--------|------------------------|-------------------------------|--------|
 * | GET    | /f/:token              |                               | HTML page (404 page unless published; 403 with the closed text while closed) |
 * | POST   | /f/:token              | urlencoded or multipart form  | 303 to the respondent's report, or to the thank-you page when the app offers none (core/reports/offered.ts); `Accept: application/json` → `{code:200, data:{id, reportUrl?}}`; a refused submission re-shows the form with the problems (422) — a closed form (403) or a browser's second response (409) its text instead — or, for JSON, the usual error body; sets the onePerBrowser cookie (responded-cookie.ts) |
 * | GET    | /f/:token/thanks       | `?back=` the form's page, `?redirect=` a refused `_redirect`, both shown only with the server's `?sig=` and the posting browser's cookie | the thank-you page, in the app's style, with the owner's text |
 * | GET    | /f/assets/fill-in.js   |                               | the page's enhancement script |
 * | GET    | /f/assets/way-back.js  |                               | the way back to the form, on the refusal and thank-you pages |
 *
 * Submissions go through the collection endpoint's own ingest use case
 * (core/collect/ingest.ts: switches and rate limits, form coercion, honeypot, checks,
 * group-commit writer; no Idempotency-Key), then a report key is issued when the app offers reports.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import type { FormPairs, FormTarget } from '../core/collect/ingest.ts'
import { AppError } from '../contract/errors.ts'
import { offersReport } from '../core/reports/offered.ts'
import { issueReportKey, reportUrl } from '../core/reports/report-key.ts'
import { findEndpointByToken } from '../core/share/lookup.ts'
import { fillInForm } from '../core/connect/fill-in.ts'
import { FILL_IN_CLIENT_JS, WAY_BACK_CLIENT_JS } from '../pages/assets.ts'
import { thanksDocument } from '../pages/form-post.ts'
import { refusedEndpoint, signedThanksQuery } from './form-post.ts'
import { fillInPageData } from './fill-in-data.ts'
import { fillInDocument } from '../pages/fill-in.ts'
import { linkUtm, linkValues, postedUtm } from '../pages/fill-in-form.ts'
import { pageHeaders } from '../pages/layout.ts'
import { messageDocument } from '../pages/message.ts'
import { closedNow } from '../core/share/closed.ts'
import { respondedBefore, respondedCookie } from './responded-cookie.ts'
import { moreLine, NOT_FOUND_TEXT, respondentRefusal } from '../pages/respondent-words.ts'
import { formText, languagePage, requestLanguage, type PageLanguage } from '../pages/languages/localize.ts'
import { isLanguageTag } from '../contract/languages/tags.ts'
import { ingestShare, readForm, readFormPairs, shareCall } from './share/ingest.ts'

const NOT_FOUND_TITLE = 'Form not found'

/** What a refused post says instead of the form: the owner's closed text, or that this browser already responded; null to show the form again. */
function endedText(error: AppError, endpoint: { closedMessage: string }, language: PageLanguage): string | null {
  if (error.type === 'closed')
    return formText(endpoint.closedMessage, language, 'closedMessage') || language.words.closed
  // A duplicate naming no field is this browser's second response (a repeated value of the unique field names it).
  if (error.type === 'duplicate' && !(error.details as { field?: string } | undefined)?.field)
    return language.words.duplicate
  return null
}

/** The `?lang=` of the thank-you page a post in `lang` leads to: nothing for a form in one language. */
const thanksLang = (pairs: FormPairs | null): string => {
  const lang = pairs?.find(([name]) => name === '_lang')?.[1]
  return lang && isLanguageTag(lang) ? `?lang=${encodeURIComponent(lang)}` : ''
}

const wantsJson = (request: Request): boolean => (request.headers.get('accept') ?? '').includes('application/json')

const page = (body: string, status = 200) => new Response(body, pageHeaders(status))

const script = (source: string) =>
  new Response(source, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })

export const fillInRoutes = (ctx: AppContext) => {
  // Long: the fill-in pages' route table, a few lines of HTTP per route around core's calls.
  return new Elysia({ name: 'svc/fill-in' })
    .get(pathOf('pages.fillInScript'), () => script(FILL_IN_CLIENT_JS))
    .get(pathOf('pages.wayBackScript'), () => script(WAY_BACK_CLIENT_JS))
    .get(pathOf('pages.fillIn'), async ({ params, request }) => {
      const endpoint = await findEndpointByToken(ctx, params.token)
      if (!endpoint?.published) return page(messageDocument(NOT_FOUND_TITLE, NOT_FOUND_TEXT), 404)
      const data = {
        ...(await fillInPageData(ctx, endpoint.appId, params.token, endpoint.honeypot)),
        submitAnother: endpoint.submitAnother,
      }
      // The language: the link's ?lang=, else the browser's Accept-Language, else the form's own.
      const query = new URL(request.url).searchParams
      const language = requestLanguage(endpoint, data.fields, request)
      const { words, lang } = language
      if (!endpoint.service) return page(messageDocument(data.appName, words.notAccepting, data.theme, lang), 403)
      if (await closedNow(ctx, endpoint.appId, endpoint)) {
        const closed = formText(endpoint.closedMessage, language, 'closedMessage') || words.closed
        return page(messageDocument(data.appName, closed, data.theme, lang), 403)
      }
      // The link's query fills hidden and prefilled fields and carries UTM parameters into the post.
      return page(
        fillInDocument({
          ...data,
          ...languagePage(data, language, query),
          values: linkValues(data.fields, query),
          utm: linkUtm(query),
        }),
      )
    })
    .get(pathOf('pages.thanks'), async ({ params, query, request }) => {
      const endpoint = await findEndpointByToken(ctx, params.token)
      if (!endpoint?.published) return page(messageDocument(NOT_FOUND_TITLE, NOT_FOUND_TEXT), 404)
      const form = await fillInForm(ctx, endpoint.appId)
      const signed = signedThanksQuery(ctx, params.token, query, request)
      const language = requestLanguage(endpoint, form.fields, request)
      return page(
        thanksDocument({
          appName: form.appName,
          message: formText(endpoint.thankYouMessage, language, 'thankYouMessage'),
          lang: language.lang,
          words: language.words,
          from: signed.site
            ? { site: true, back: signed.back }
            : {
                site: false,
                fillIn: `/f/${encodeURIComponent(params.token)}${language.lang === language.base ? '' : `?lang=${encodeURIComponent(language.lang)}`}`,
              },
          submitAnother: endpoint.submitAnother,
          refusedRedirect: signed.site && signed.redirectRefused,
          theme: form.theme,
        }),
      )
    })
    .post(
      pathOf('pages.fillInPost'),
      async ({ params, request, set }) => {
        const json = wantsJson(request)
        let pairs: FormPairs | null = null
        // The page's own post carries no Idempotency-Key; its pairs are kept to show the form again when refused.
        const call = shareCall(ctx, params.token, request, false)
        call.respondedBefore = respondedBefore(request)
        const readPairs = {
          kind: 'form' as const,
          read: async (source: Request, target: FormTarget) => {
            const read = await readForm(ctx, source, target)
            pairs = read.pairs
            return read
          },
        }
        try {
          const {
            ids: [id],
            endpoint,
          } = await ingestShare(ctx, call, readPairs, set.headers as Record<string, string>)
          // A form taking one response per browser marks this one (responded-cookie.ts).
          const cookie: Record<string, string> = endpoint.onePerBrowser
            ? { 'set-cookie': respondedCookie(ctx, params.token) }
            : {}
          if (!(await offersReport(ctx, endpoint.appId))) {
            if (json) return Response.json({ code: 200, data: { id } }, { headers: cookie })
            return new Response(null, {
              status: 303,
              headers: { location: `/f/${encodeURIComponent(params.token)}/thanks${thanksLang(pairs)}`, ...cookie },
            })
          }
          const key = await issueReportKey(ctx, id)
          if (json)
            return Response.json(
              { code: 200, data: { id, reportUrl: reportUrl(ctx.config.baseUrl, id, key) } },
              { headers: cookie },
            )
          // A path, not the base URL: the page's CSP (form-action 'self') also covers the
          // redirect, and the browser's origin may differ from SVC_BASE_URL behind a proxy.
          return new Response(null, { status: 303, headers: { location: reportUrl('', id, key), ...cookie } })
        } catch (error) {
          if (json || !(error instanceof AppError)) throw error
          const endpoint = await refusedEndpoint(ctx, call, error)
          if (!endpoint) return page(messageDocument(NOT_FOUND_TITLE, NOT_FOUND_TEXT), error.status)
          const data = {
            ...(await fillInPageData(ctx, endpoint.appId, params.token, endpoint.honeypot)),
            submitAnother: endpoint.submitAnother,
          }
          // A post refused before it was read (a rate limit, closed writes) still gets its answers back.
          pairs ??= await readFormPairs(ctx, request).catch((): FormPairs => [])
          // The page answers in the language it was shown in (its `_lang`), else as a first visit would.
          const posted = pairs.find(([name]) => name === '_lang')?.[1] ?? null
          const language = requestLanguage(endpoint, data.fields, request, posted)
          // A closed form, or a second response from this browser: nothing to fix on the form, so no form.
          const ended = endedText(error, endpoint, language)
          if (ended) return page(messageDocument(data.appName, ended, data.theme, language.lang), error.status)
          const values = new Map<string, string[]>()
          for (const [name, value] of pairs) values.set(name, [...(values.get(name) ?? []), value])
          const localized = languagePage(data, language)
          const refusal = respondentRefusal(error, localized.fields, language.words)
          return page(
            fillInDocument({
              ...data,
              ...localized,
              // The page shown again keeps the time the respondent first loaded it (spamRules.minSeconds).
              ...(values.has('_loaded') ? { stamp: values.get('_loaded')![0] } : {}),
              values,
              utm: postedUtm(values),
              errors: refusal.fields,
              // The count of problems past the listed ones ends the list.
              formErrors: [
                ...refusal.general,
                ...refusal.forOwner.map(language.words.forOwner),
                ...[moreLine(refusal) ?? []].flat(),
              ],
            }),
            error.status,
          )
        }
      },
      { parse: 'none' },
    )
}
