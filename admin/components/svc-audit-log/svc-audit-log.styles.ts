import { css } from 'lit'

export const auditLogStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  form.filters {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 10px;
  }
  form.filters label {
    flex: 1 1 180px;
    min-width: 0;
  }
  form.filters label.since {
    flex: 0 1 auto;
  }
  form.filters .buttons {
    gap: 6px;
  }
  form.filters .hint {
    flex-basis: 100%;
  }
  /* Wider than a phone: the box scrolls sideways (a named, focusable region then) rather than
     squeezing each column to a word. Positioned, so the hidden caption stays inside it. */
  .table-wrap {
    position: relative;
    overflow-x: auto;
    border-top: 1px solid var(--svc-border);
  }
  /* Inside the box: the panel clips what lies outside it. */
  .table-wrap:focus-visible {
    outline-offset: -2px;
  }
  table {
    min-width: 720px;
    font-size: 13px;
  }
  /* break-word, not anywhere: a column keeps the width of its longest word (an e-mail, an
     address), so nothing is split mid-word while the table still fits. */
  td,
  tbody th {
    overflow-wrap: break-word;
  }
  /* The time heads its row for screen readers but reads as a plain cell. */
  tbody th {
    font-size: inherit;
    font-weight: 400;
    color: inherit;
    background: none;
    white-space: normal;
  }
  tbody tr:last-child th {
    border-bottom: none;
  }
  .when span,
  .action code {
    white-space: nowrap;
  }
  .via,
  .from {
    color: var(--svc-muted);
  }
  ul.changes {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 2px;
  }
  .value {
    font-family: var(--svc-mono);
    font-size: 12.5px;
  }
  .panel > .more {
    flex-wrap: wrap;
    justify-content: space-between;
    border-top: 1px solid var(--svc-border);
    padding-block: 12px;
  }
`
