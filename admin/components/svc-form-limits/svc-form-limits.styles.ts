import { css } from 'lit'

export const formLimitsStyles = css`
  form {
    display: grid;
    gap: 14px;
  }
  .state {
    font-size: 13px;
    margin: 0;
  }
  .state.closed {
    color: var(--svc-danger);
    font-weight: 600;
  }
  .pair {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
    gap: 12px;
  }
  .inline {
    display: flex;
    align-items: center;
    gap: 8px;
    font-weight: 500;
  }
`
