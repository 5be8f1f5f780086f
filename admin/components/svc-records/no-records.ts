/**
 * @module What the Data tab shows when the view holds no record: that nothing matches the
 * filter, that there is no spam, or, for an app with no records yet, how to send the first
 * (a curl command to copy; unpublished, the way to Setup to publish for those who may).
 */
import { html, type TemplateResult } from 'lit'
import type { AppUrls, Field, SpamFilter } from '../../api.ts'
import { hrefOf } from '../../router.ts'
import { curlSnippet } from '../../snippets.ts'
import '../svc-copy-button/svc-copy-button.ts'

export interface EmptyView {
  appId: string
  filter: string
  spam: SpamFilter
  urls: AppUrls | null
  fields: Field[]
  /** Whether the caller may publish (admins and the owner), so is sent to Setup to do it. */
  publishes: boolean
}

/** The empty state of the view. */
export function noRecords(view: EmptyView): TemplateResult {
  const endpoint = view.urls?.endpoint
  const setup = hrefOf({ name: 'app', appId: view.appId, tab: 'setup' })
  if (view.filter) return html`<div class="empty">No records match this filter.</div>`
  if (view.spam === 'only')
    return html`<div class="empty">No spam. Submissions that fill in the honeypot field, or lack a valid proof-of-work solution when the form asks for one, show up here.</div>`
  return html`<div class="empty">
    <h2>No records yet</h2>
    ${
      endpoint
        ? html`<p>POST one with this curl command, or paste the HTML form from <a href=${setup}>Setup</a>:</p>
            <pre dir="ltr" tabindex="0" aria-label="curl command">${curlSnippet(endpoint, view.fields)}</pre>
            <p><svc-copy-button .value=${curlSnippet(endpoint, view.fields)} label="Copy curl command"></svc-copy-button></p>`
        : view.publishes
          ? html`<p>This app is not published yet. <a href=${setup}>Publish it in Setup</a> to get an endpoint URL.</p>`
          : html`<p>This app is not published yet, so it has no endpoint URL to send records to.</p>`
    }
  </div>`
}
