import { css } from 'lit'

export const copyButtonStyles = css`
  :host {
    display: inline-block;
  }
  button.copied {
    color: var(--svc-success);
    border-color: var(--svc-success);
  }
`
