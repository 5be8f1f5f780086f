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
  /* First line: the counts (the live line beside the total) and the exports; then the view's controls. */
  .counts {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    margin-inline-end: auto;
  }
  /* The filter folds away on a phone (svc-records opens it on a wide screen). */
  details.filters > summary {
    margin-bottom: 6px;
    cursor: pointer;
    font-weight: 600;
    padding: 4px 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  details.filters > summary .active-filter {
    font: 400 13px var(--svc-mono);
    color: var(--svc-muted);
  }
  details.filters[open] > summary .active-filter {
    display: none;
  }
  /* A window wide enough shows the filter open with no summary line: the table keeps its room. */
  @media (min-width: 641px) {
    details.filters[open] > summary {
      display: none;
    }
  }
  details.filters > svc-record-filter {
    display: block;
  }
  /*
   * On a phone the cards scroll with the window, so "Show 12 new records" floats at the
   * bottom of the screen where an owner scrolled down sees it (its room in the counts line
   * stays kept). On a wider screen the table scrolls in its own box and the button stays put.
   */
  @media (max-width: 640px) {
    button.show-new {
      position: fixed;
      inset-inline-start: 16px;
      bottom: 16px;
      z-index: 5;
      box-shadow: 0 2px 10px rgba(0, 0, 0, 0.2);
    }
  }
  /* Room kept for "Show 12 new records" whether or not it is there, so it never moves the rows. */
  .live {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 10px;
    min-width: 11rem;
    min-height: 28px;
  }
  /* Stands out from the grey controls: something happened that the owner has not seen. */
  button.show-new {
    border-color: var(--svc-accent);
    background: var(--svc-accent-soft);
    color: var(--svc-accent);
  }
  button.show-new:hover {
    background: var(--svc-panel);
  }
  .view {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: 10px;
    flex-basis: 100%;
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
    flex-wrap: wrap;
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
  /* The field's name under its label (the name the API, exports and filters use). */
  th .name {
    display: block;
    font: 400 11px var(--svc-mono);
    color: var(--svc-muted);
  }
  .select-all-text {
    display: none;
  }
  .exports {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px;
  }
  .export-note {
    flex-basis: 100%;
    text-align: end;
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
  .badge.new {
    background: var(--svc-accent-soft);
    color: var(--svc-accent);
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

  /*
   * A phone: each record is a card of label and value pairs (the cells carry their column's
   * label), so every value and action is in reach without scrolling sideways.
   */
  @media (max-width: 760px) {
    .table-wrap {
      overflow: visible;
      max-height: none;
      min-height: 0;
    }
    table,
    thead,
    tbody,
    tr,
    td {
      display: block;
    }
    thead tr {
      display: block;
      padding: 10px 12px;
      border-bottom: 1px solid var(--svc-border);
      background: var(--svc-bg);
    }
    thead th {
      display: none;
    }
    thead th.check {
      display: block;
      width: auto;
      padding: 0;
      border: none;
      background: none;
    }
    /* Without checkboxes the head row holds nothing a card needs. */
    table.unselectable thead {
      display: none;
    }
    .select-all {
      display: inline-flex;
      align-items: center;
      gap: 8px;
      font-weight: 400;
      color: var(--svc-text);
    }
    .select-all-text {
      display: inline;
    }
    tbody tr {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px 10px;
      padding: 12px;
      border-bottom: 1px solid var(--svc-border);
    }
    tbody tr:last-child {
      border-bottom: none;
    }
    td {
      padding: 0;
      border: none;
      white-space: normal;
    }
    td.check,
    td.id,
    td.when {
      flex: 0 0 auto;
      width: auto;
    }
    tbody tr:hover td,
    tr.selected td {
      background: none !important;
    }
    tbody tr.selected {
      background: var(--svc-accent-soft);
    }
    /* Fingers: a 24 px checkbox (WCAG 2.5.8), and an open button as tall. */
    input[type='checkbox'] {
      width: 24px;
      height: 24px;
    }
    td.id button {
      min-height: 24px;
      font-size: 13px;
    }
    td[data-label]:not(.when) {
      flex: 1 1 100%;
      display: grid;
      grid-template-columns: minmax(0, 40%) minmax(0, 1fr);
      gap: 10px;
      overflow-wrap: anywhere;
    }
    td[data-label]:not(.when)::before {
      content: attr(data-label);
      color: var(--svc-muted);
      font-size: 12px;
      overflow-wrap: anywhere;
    }
    td.missing {
      display: none !important;
    }
    .cell {
      max-width: none;
      white-space: normal;
    }
    details summary,
    details pre {
      max-width: 100%;
    }
    tr.spam td:first-child {
      box-shadow: none;
    }
    tr.spam {
      box-shadow: inset 3px 0 0 var(--svc-warning);
    }
    .export-note {
      text-align: start;
    }
    .view {
      justify-content: flex-start;
    }
  }
`
