import { css } from 'lit'

export const reportPreviewStyles = css`
  :host {
    display: grid;
    gap: 16px;
  }
  .placeholders dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 6px 12px;
    margin: 0;
    font-size: 12.5px;
  }
  .placeholders dd {
    margin: 0;
    color: var(--svc-muted);
    overflow-wrap: anywhere;
  }
  .placeholders code {
    white-space: nowrap;
  }
  textarea.answers {
    font-family: var(--svc-mono);
    font-size: 12px;
    min-height: 120px;
  }
  pre.report {
    background: var(--svc-bg);
    color: var(--svc-text);
    border: 1px solid var(--svc-border);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 520px;
  }
  .scores {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
`
