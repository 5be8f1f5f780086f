import { css, unsafeCSS } from 'lit'

/** When the Setup tab's two columns stand side by side (below, they stack). */
export const SIDE_BY_SIDE = '(min-width: 1101px)'

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
  /* The Activity table wants the width of both columns. */
  .across {
    grid-column: 1 / -1;
    min-width: 0;
  }
  @media not ${unsafeCSS(SIDE_BY_SIDE)} {
    :host {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`
