import { css } from 'lit'

export const recordsStyles = css`
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 14px;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px;
  }
  .toolbar select {
    width: auto;
  }
  .toolbar label.inline {
    font-size: 13px;
  }
  .total {
    font-size: 13px;
    color: var(--svc-muted);
    font-variant-numeric: tabular-nums;
  }
  .selection {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 8px 12px;
    border-radius: var(--svc-radius);
    background: var(--svc-accent-soft);
    font-size: 13px;
  }
  .table-wrap {
    overflow: auto;
    max-height: calc(100vh - 290px);
    min-height: 200px;
  }
  table {
    font-size: 13px;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
  }
  th .type {
    margin-inline-start: 4px;
    font-weight: 400;
    color: var(--svc-faint);
  }
  td {
    white-space: nowrap;
  }
  .cell {
    display: inline-block;
    vertical-align: top;
    max-width: 280px;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  td.check,
  th.check {
    width: 1%;
    padding-inline-end: 0;
  }
  td.id button {
    height: auto;
    padding: 0;
    border: none;
    background: none;
    color: var(--svc-accent);
    font: 12px var(--svc-mono);
  }
  td.id button:hover {
    text-decoration: underline;
  }
  td.when {
    white-space: nowrap;
    color: var(--svc-muted);
    font-variant-numeric: tabular-nums;
  }
  tbody tr:hover td {
    background: #fafbfc;
  }
  tr.selected td {
    background: var(--svc-accent-soft) !important;
  }
  /* Spam rows (Spam: Include) read apart from real ones: a warning stripe and the badge by the id. */
  tr.spam td:first-child {
    box-shadow: inset 3px 0 0 var(--svc-warning);
  }
  td.id .badge {
    margin-inline-start: 6px;
  }
  .value-null,
  .value-empty {
    color: var(--svc-faint);
    font-style: italic;
  }
  .value-number {
    font-variant-numeric: tabular-nums;
  }
  .value-bool {
    font-family: var(--svc-mono);
    font-size: 12px;
  }
  details summary {
    cursor: pointer;
    font: 12px var(--svc-mono);
    color: var(--svc-muted);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    max-width: 300px;
  }
  details pre {
    margin-top: 6px;
    max-height: 240px;
    max-width: 420px;
  }
  .pager {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 10px 12px;
    border-top: 1px solid var(--svc-border);
    font-size: 13px;
  }
  .pager input {
    width: 90px;
    height: 30px;
  }
  .pager form {
    display: flex;
    gap: 6px;
    align-items: center;
  }
  .empty pre {
    margin: 14px auto 0;
    max-width: 720px;
    text-align: start;
  }
  .empty h2 {
    margin-bottom: 6px;
    color: var(--svc-text);
  }
`
