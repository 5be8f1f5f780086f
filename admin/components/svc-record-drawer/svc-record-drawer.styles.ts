import { css } from 'lit'

export const recordDrawerStyles = css`
  dialog {
    position: fixed;
    inset: 0 0 0 auto;
    width: min(560px, 100vw);
    /* The user agent keeps a dialog 2em off the edges; a side sheet takes the phone's whole width. */
    max-width: 100vw;
    height: 100vh;
    max-height: 100vh;
    margin: 0;
    padding: 0;
    border: none;
    border-inline-start: 1px solid var(--svc-border);
    box-shadow: -12px 0 40px rgba(0, 0, 0, 0.12);
    color: var(--svc-text);
  }
  dialog::backdrop {
    background: rgba(20, 22, 28, 0.3);
  }
  header {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 16px 20px;
    border-bottom: 1px solid var(--svc-border);
  }
  header h2 {
    flex: 1;
  }
  .content {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 18px;
    padding: 18px 20px 28px;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 8px 16px;
    margin: 0;
  }
  dt {
    color: var(--svc-muted);
    font-size: 12px;
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  table td,
  table th {
    overflow-wrap: anywhere;
  }
  table th.key {
    width: 35%;
    font-weight: 500;
    font-size: 13px;
    color: var(--svc-text);
    background: none;
    white-space: normal;
  }
  /* The field's name under its label: what the API, exports and filters call it. */
  .name {
    display: block;
    font: 400 11.5px var(--svc-mono);
    color: var(--svc-muted);
  }
  .saved:empty {
    display: none;
  }
  .saved {
    color: var(--svc-success);
    font-size: 13px;
  }
  .history ol {
    margin: 8px 0 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 12px;
  }
  .history ul {
    margin: 4px 0 0;
    padding-inline-start: 18px;
    overflow-wrap: anywhere;
  }
  .history .when {
    font-size: 12.5px;
    color: var(--svc-muted);
  }
  .history .field {
    font-weight: 500;
  }
  header {
    flex-wrap: wrap;
  }
  td pre {
    padding: 8px 10px;
  }
  pre {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .section-title {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .section-title h3 {
    flex: 1;
  }
`
