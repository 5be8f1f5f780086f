import { css } from 'lit'

export const accessTokensStyles = css`
  form.create {
    display: grid;
    gap: 12px;
    max-width: 44rem;
  }
  form.create > button {
    justify-self: start;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 4px;
  }
  legend {
    font-size: 13px;
    font-weight: 600;
    margin-bottom: 4px;
  }
  /* A 24 px row around each 16 px box keeps touch targets apart (WCAG 2.5.8). */
  label.check {
    display: flex;
    gap: 8px;
    align-items: baseline;
    min-height: 24px;
    font-weight: 400;
  }
  label.check .hint {
    display: inline;
  }
  .app-checks {
    display: grid;
    gap: 2px;
    padding-inline-start: 24px;
  }
  p.warning {
    margin: 0;
    padding: 9px 12px;
    border-radius: var(--svc-radius);
    background: var(--svc-warning-soft);
    color: var(--svc-warning);
    font-size: 13px;
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
