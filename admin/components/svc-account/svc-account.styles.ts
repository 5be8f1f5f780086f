import { css } from 'lit'

export const accountStyles = css`
  :host {
    display: grid;
    gap: 20px;
    max-width: 860px;
  }
  .grid {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 20px;
    align-items: start;
  }
  form {
    display: grid;
    gap: 14px;
  }
  .saved {
    color: var(--svc-success);
    font-size: 12px;
  }
  @media (max-width: 900px) {
    .grid {
      grid-template-columns: 1fr;
    }
  }
`
