import { css } from 'lit'

export const formPagesStyles = css`
  form {
    display: grid;
    gap: 14px;
  }
  fieldset {
    border: 1px solid var(--svc-border);
    border-radius: 6px;
    display: grid;
    gap: 10px;
    margin: 0;
    padding: 10px 12px 12px;
  }
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
  textarea {
    font-family: var(--svc-mono);
  }
`
