import { css } from 'lit'

export const scaleFormStyles = css`
  form {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 18px;
    padding: 18px;
  }
  .basics {
    display: grid;
    grid-template-columns: minmax(120px, 1fr) minmax(160px, 2fr) minmax(110px, 0.8fr);
    gap: 10px;
  }
  .basics .wide {
    grid-column: 1 / -1;
  }
  .basics textarea {
    min-height: 34px;
  }
  h3 {
    display: flex;
    align-items: center;
    gap: 10px;
    margin-bottom: 8px;
  }
  h3 .hint {
    font-weight: 400;
  }
  .part {
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
    overflow: hidden;
  }
  .part table input,
  .part table select,
  .part table textarea {
    height: 30px;
    font-size: 13px;
  }
  .part table textarea {
    height: auto;
    min-height: 30px;
    padding: 4px 8px;
  }
  td {
    padding: 7px 8px;
    vertical-align: top;
  }
  td.num input {
    width: 80px;
  }
  td.check {
    text-align: center;
    width: 1%;
  }
  td.remove {
    width: 1%;
  }
  .scores {
    display: grid;
    grid-template-columns: auto 72px;
    gap: 4px 8px;
    align-items: center;
    font-size: 12.5px;
  }
  .scores span {
    overflow-wrap: anywhere;
  }
  .part > footer {
    display: flex;
    gap: 8px;
    padding: 10px 12px;
    border-top: 1px solid var(--svc-border);
    background: var(--svc-bg);
  }
  .part > .none {
    padding: 14px 12px;
  }
  .preview {
    padding: 14px 16px;
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
    background: var(--svc-bg);
  }
  .preview ul,
  ul.problems {
    margin: 8px 0 0;
    padding-inline-start: 18px;
    font-size: 12.5px;
  }
  .preview li {
    color: var(--svc-danger);
  }
  .row-error {
    color: var(--svc-danger);
    font-size: 12px;
  }
  .actions {
    display: flex;
    gap: 8px;
    align-items: center;
  }
  button.remove {
    color: var(--svc-muted);
    font-size: 16px;
  }
  button.remove:hover {
    color: var(--svc-danger);
    background: var(--svc-danger-soft);
  }
  @media (max-width: 760px) {
    .basics {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  @container (max-width: 560px) {
    td.num input {
      width: 100%;
    }
    .part table textarea {
      min-height: 54px;
    }
    td.check {
      width: auto;
      text-align: start;
    }
    button.remove {
      width: auto;
      padding: 0 10px;
      font-size: 13px;
      justify-self: start;
    }
    .part > footer {
      flex-wrap: wrap;
    }
  }
`
