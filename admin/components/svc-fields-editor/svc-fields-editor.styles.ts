import { css } from 'lit'

export const fieldsEditorStyles = css`
  .count {
    font-size: 12px;
    color: var(--svc-muted);
    font-variant-numeric: tabular-nums;
  }
  .count.full {
    color: var(--svc-danger);
    font-weight: 600;
  }
  table input,
  table select,
  table textarea {
    height: 30px;
    font-size: 13px;
  }
  table textarea {
    height: auto;
    min-height: 30px;
    padding: 4px 8px;
  }
  /* Tight enough that a field row fits the setup column of a 1280 px window (≈ 630 px). */
  td {
    padding: 7px 5px;
    vertical-align: middle;
  }
  td.order {
    width: 1%;
    white-space: nowrap;
    padding-inline: 6px 0;
  }
  td.order button {
    width: 22px;
  }
  td.required {
    width: 1%;
    text-align: center;
  }
  td.remove {
    width: 1%;
  }
  .auto {
    margin-top: 3px;
    font-size: 11px;
    color: var(--svc-muted);
  }
  /* Wraps under a short name, so the badge and Accept do not widen the name column. */
  .proposed {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    margin-top: 4px;
  }
  .proposals {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    margin-bottom: 12px;
  }
  .proposals p {
    margin: 0;
  }
  tr.failed td {
    background: var(--svc-danger-soft);
  }
  .row-error td {
    padding-top: 0;
    color: var(--svc-danger);
    font-size: 12px;
  }
  .table-wrap {
    overflow-x: auto;
  }
  /* Wide enough for the longest type's name ("Several choices"). */
  td.type select {
    min-width: 128px;
  }
  td.name-cell input {
    min-width: 72px;
  }
  /* The label is what the owner reads their question by: the widest column (≈ 190 px in the
     Setup column of a 1280 px window, where "Will you come?" used to be cut at 85 px). */
  td.label-cell {
    width: 40%;
  }
  td.label-cell input {
    min-width: 112px;
  }
  td.options-cell textarea {
    min-width: 92px;
  }
  th.required {
    text-align: center;
  }
  button.remove {
    color: var(--svc-muted);
    font-size: 16px;
  }
  button.remove:hover {
    color: var(--svc-danger);
    background: var(--svc-danger-soft);
  }
  form.add {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    align-items: end;
    padding: 16px 18px;
    border-top: 1px solid var(--svc-border);
    background: var(--svc-bg);
    border-radius: 0 0 10px 10px;
  }
  form.add > label:not(.inline) {
    flex: 1 1 140px;
  }
  form.add textarea {
    min-height: 34px;
    height: 34px;
  }
  form.add label.inline {
    height: 34px;
  }
  form.add .error {
    flex-basis: 100%;
  }
  /* A narrow box (a phone): each field is a card, every control in view without scrolling
     sideways. Name and type share the first line; label and options follow; the order
     arrows, Required and Remove end it. */
  @container (max-width: 560px) {
    table,
    tbody {
      display: block;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    tbody tr[data-field-id] {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto;
      grid-template-areas:
        'name name type'
        'label label label'
        'options options options'
        'order required remove';
      gap: 8px 10px;
      padding: 12px 16px;
      border-bottom: 1px solid var(--svc-border);
    }
    tbody tr.row-error {
      display: block;
      padding: 0 16px 10px;
    }
    tbody tr.row-error td:first-child {
      display: none;
    }
    td {
      display: grid;
      gap: 4px;
      width: auto;
      padding: 0;
      border: none;
    }
    td[data-label]::before {
      content: attr(data-label) / '';
      font-size: 12px;
      font-weight: 600;
      color: var(--svc-muted);
    }
    td.name-cell {
      grid-area: name;
    }
    td.type {
      grid-area: type;
    }
    td.label-cell {
      grid-area: label;
    }
    td.options-cell {
      grid-area: options;
    }
    td.options-cell.none {
      display: none;
    }
    td.order {
      grid-area: order;
      display: flex;
      padding: 0;
    }
    td.required {
      grid-area: required;
      text-align: start;
    }
    td.remove {
      grid-area: remove;
    }
    td.name-cell input,
    td.label-cell input,
    td.options-cell textarea {
      min-width: 0;
    }
    td.order button {
      flex: none;
      width: 34px;
      height: 34px;
    }
    button.remove {
      width: auto;
      height: 34px;
      padding: 0 10px;
      font-size: 13px;
    }
  }
  .limit {
    padding: 14px 18px;
    border-top: 1px solid var(--svc-border);
  }
  .empty {
    padding: 24px;
  }
`
