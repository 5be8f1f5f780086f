import { css } from 'lit'

export const accessTokensStyles = css`
  form.create {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    align-items: end;
  }
  form.create label {
    flex: 1;
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
