import { css } from 'lit'

export const reportEditorStyles = css`
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1.5fr) minmax(280px, 1fr);
    gap: 18px;
    align-items: start;
    max-width: 1280px;
  }
  .pages,
  .side {
    display: grid;
    gap: 16px;
  }
  /* Gives way before the header's buttons do, so they stay on its line. */
  .page > header input {
    flex: 1 1 160px;
    min-width: 0;
    max-width: 360px;
    height: 30px;
    font-weight: 600;
  }
  .page > header .page-title {
    flex: 1 1 160px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .page > header .num {
    color: var(--svc-muted);
    font-size: 12px;
    white-space: nowrap;
  }
  td {
    padding: 8px 10px;
    vertical-align: top;
  }
  td.order {
    width: 1%;
    white-space: nowrap;
  }
  td.order button {
    width: 22px;
  }
  td.type {
    width: 1%;
    white-space: nowrap;
  }
  td.text {
    overflow-wrap: anywhere;
    font-size: 13px;
  }
  td.text .words {
    white-space: pre-wrap;
  }
  td.text .title {
    font-weight: 600;
  }
  td.remove {
    width: 1%;
    white-space: nowrap;
  }
  tr.editing td {
    background: var(--svc-bg);
  }
  form.edit-section textarea {
    min-height: 72px;
  }
  button.remove {
    color: var(--svc-muted);
    font-size: 16px;
  }
  button.remove:hover {
    color: var(--svc-danger);
    background: var(--svc-danger-soft);
  }
  form.add-section {
    display: grid;
    grid-template-columns: 130px minmax(120px, 1fr) minmax(120px, 1fr);
    gap: 8px 10px;
    align-items: end;
    padding: 14px 16px;
    border-top: 1px solid var(--svc-border);
    background: var(--svc-bg);
  }
  form.add-section .wide {
    grid-column: 1 / -1;
  }
  form.add-section textarea {
    min-height: 54px;
  }
  form.add-page {
    padding: 14px 16px;
    display: flex;
    gap: 10px;
    align-items: end;
  }
  form.add-page label {
    flex: 1;
  }
  .row-error {
    color: var(--svc-danger);
    font-size: 12px;
  }
  @media (max-width: 980px) {
    :host {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  /* A narrow page (a phone): each section is a card (what it is, its words, then its
     buttons), and the add form is one column. */
  @container (max-width: 560px) {
    .page table,
    .page tbody {
      display: block;
    }
    .page tr[data-section] {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      grid-template-areas:
        'type type'
        'text text'
        'order remove';
      gap: 6px 10px;
      padding: 12px 16px;
      border-bottom: 1px solid var(--svc-border);
    }
    .page tr[data-section] td {
      display: block;
      width: auto;
      padding: 0;
      border: none;
    }
    td.order {
      grid-area: order;
    }
    td.type {
      grid-area: type;
    }
    td.text {
      grid-area: text;
    }
    td.remove {
      grid-area: remove;
      justify-self: end;
    }
    td.order button {
      width: 34px;
      height: 34px;
    }
    td.remove button {
      width: auto;
      height: 34px;
      padding: 0 10px;
      font-size: 13px;
    }
    form.add-section {
      grid-template-columns: minmax(0, 1fr);
    }
    .page > header input {
      flex: 1 1 160px;
      max-width: none;
    }
  }
`
