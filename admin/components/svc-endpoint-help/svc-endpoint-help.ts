import { LitElement, html, nothing } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import type { AppUrls, Field, Share } from '../../api.ts'
import { curlSnippet, htmlFormSnippet } from '../../snippets.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-copy-button/svc-copy-button.ts'
import { endpointHelpStyles } from './svc-endpoint-help.styles.ts'

/**
 * @summary The app's URLs with copy buttons, and ready-to-paste HTML form and curl
 * examples for its endpoint. URLs are shown as text, never as links built from data.
 */
@customElement('svc-endpoint-help')
export class SvcEndpointHelp extends LitElement {
  static override styles = [baseStyles, endpointHelpStyles]

  @property({ attribute: false }) urls: AppUrls | null = null
  @property({ attribute: false }) share: Share | null = null
  @property({ attribute: false }) fields: Field[] = []

  private renderUrl(id: string, label: string, value: string | null, hint?: string) {
    return html`<div>
      <dt id=${id}>${label}${hint ? html` <span class="hint">${hint}</span>` : nothing}</dt>
      <dd>
        ${
          value
            ? html`<output aria-labelledby=${id}>${value}</output><svc-copy-button .value=${value} label="Copy ${label}"></svc-copy-button>`
            : html`<span class="muted small">Publish the app to get this URL.</span>`
        }
      </dd>
    </div>`
  }

  private renderSnippet(id: string, title: string, text: string) {
    return html`<div class="snippet">
      <div class="row"><h3 id=${id}>${title}</h3><svc-copy-button .value=${text} label="Copy ${title}"></svc-copy-button></div>
      <pre aria-labelledby=${id} tabindex="0">${text}</pre>
    </div>`
  }

  override render() {
    const urls = this.urls
    if (!urls) return nothing
    const endpoint = urls.endpoint
    return html`<section class="panel" aria-labelledby="urls-title">
      <header><h2 id="urls-title">URLs and examples</h2></header>
      <div class="body stack">
        <dl>
          ${this.renderUrl('url-endpoint', 'Endpoint URL', endpoint, 'POST records here')}
          ${this.renderUrl('url-help', 'Help page', urls.help, 'Markdown for people and agents')}
          ${this.renderUrl('url-fill', 'Fill-in URL', urls.fillIn)} ${this.renderUrl('url-data', 'Data URL', urls.data)}
          ${this.renderUrl('url-editor', 'Editor URL', urls.editor)}
        </dl>
        ${
          endpoint
            ? html`${this.renderSnippet('snippet-curl', 'curl example', curlSnippet(endpoint, this.fields))}
            ${this.renderSnippet('snippet-html', 'HTML form', htmlFormSnippet(endpoint, this.fields, this.share?.honeypot || '_gotcha'))}`
            : nothing
        }
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-endpoint-help': SvcEndpointHelp
  }
}
