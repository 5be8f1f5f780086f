import { css } from 'lit'

export const accessTokensStyles = css`
  form.create {
    display: flex;
    gap: 10px;
    align-items: end;
  }
  form.create label {
    flex: 1;
  }
  .new-token {
    display: grid;
    gap: 8px;
    padding: 14px 16px;
    border: 1px solid #b7dfc8;
    border-radius: var(--svc-radius);
    background: var(--svc-success-soft);
  }
  .new-token .value {
    display: flex;
    gap: 8px;
    align-items: center;
  }
  .new-token output {
    flex: 1;
    padding: 7px 10px;
    border-radius: 6px;
    background: var(--svc-panel);
    border: 1px solid #b7dfc8;
    font: 13px var(--svc-mono);
    overflow-wrap: anywhere;
  }
  .new-token p {
    font-size: 12.5px;
  }
  td.prefix {
    font-family: var(--svc-mono);
    font-size: 12.5px;
  }
  td.actions {
    width: 1%;
    text-align: end;
  }
`
