import { css } from 'lit'

export const recordDrawerStyles = css`
  dialog {
    position: fixed;
    inset: 0 0 0 auto;
    width: min(560px, 100vw);
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
  table td {
    overflow-wrap: anywhere;
  }
  table td.key {
    width: 35%;
    font-weight: 500;
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
