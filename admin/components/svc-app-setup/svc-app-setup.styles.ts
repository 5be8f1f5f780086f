import { css } from 'lit'

export const appSetupStyles = css`
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(290px, 340px);
    gap: 20px;
    align-items: start;
  }
  .column {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 20px;
    min-width: 0;
  }
  @media (max-width: 1100px) {
    :host {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`
