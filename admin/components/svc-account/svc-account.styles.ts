import { css } from 'lit'

export const accountStyles = css`
  /* minmax(0, …) tracks: content (a token table) never widens the page on a phone. */
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 20px;
    max-width: 860px;
  }
  .grid {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: 20px;
    align-items: start;
  }
  form {
    display: grid;
    gap: 14px;
  }
  .pending {
    display: grid;
    gap: 8px;
    justify-items: start;
  }
  .pending p {
    margin: 0;
  }
  .saved {
    color: var(--svc-success);
    font-size: 12px;
  }
  @media (max-width: 900px) {
    .grid {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`
