import { css } from 'lit'

export const expertEditorStyles = css`
  :host {
    display: grid;
    gap: 18px;
    max-width: 1100px;
  }
  form.profile {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 12px;
  }
  form.profile .wide {
    grid-column: 1 / -1;
  }
  form.profile .avatar {
    display: flex;
    gap: 12px;
    align-items: end;
  }
  form.profile .avatar label {
    flex: 1;
  }
  .actions {
    display: flex;
    gap: 10px;
    align-items: center;
  }
  .saved {
    color: var(--svc-success);
    font-size: 12.5px;
  }
  .field-error {
    color: var(--svc-danger);
    font-size: 12px;
    font-weight: 400;
  }
  .grid th {
    width: 180px;
  }
  .grid td {
    padding: 8px 10px;
  }
  .grid textarea {
    min-height: 54px;
    font-size: 13px;
  }
  .grid .comment {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 13px;
  }
  .level-name {
    font-weight: 600;
  }
  .level-range {
    font-size: 12px;
    color: var(--svc-muted);
    font-weight: 400;
  }
  .cell-state {
    font-size: 12px;
    margin-top: 3px;
  }
  /* A phone: the profile in one column, and each level's advice box under its name, full width. */
  @media (max-width: 760px) {
    form.profile {
      grid-template-columns: minmax(0, 1fr);
    }
    .grid tbody tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
    }
    .grid tbody th,
    .grid tbody td {
      width: auto;
      border-bottom: none;
    }
    .grid tbody td {
      padding: 0 12px 12px;
      border-bottom: 1px solid var(--svc-border);
    }
  }
`
