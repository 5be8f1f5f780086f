import { css } from 'lit'

export const scalesEditorStyles = css`
  :host {
    display: grid;
    gap: 18px;
    max-width: 1100px;
  }
  td.key code {
    white-space: nowrap;
  }
  td.num {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  td.actions {
    width: 1%;
    white-space: nowrap;
    text-align: end;
  }
  td.status ul {
    margin: 4px 0 0;
    padding-inline-start: 16px;
    font-size: 12px;
    color: var(--svc-warning);
  }
  td.bar {
    min-width: 180px;
  }
  .notice.done {
    background: var(--svc-success-soft);
    color: var(--svc-success);
  }
`
