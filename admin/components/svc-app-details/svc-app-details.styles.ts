import { css } from 'lit'

export const appDetailsStyles = css`
  form {
    display: grid;
    gap: 14px;
  }
  .actions {
    display: flex;
    align-items: center;
    gap: 10px;
  }
  .saved {
    color: var(--svc-success);
    font-size: 12px;
  }
`
