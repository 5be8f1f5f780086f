import { css } from 'lit'

export const recordFilterStyles = css`
  :host {
    display: grid;
    gap: 10px;
  }
  form {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 10px;
  }
  .expression {
    flex: 1 1 320px;
    min-width: 0;
  }
  .expression input {
    font-family: var(--svc-mono);
  }
  label {
    display: grid;
    gap: 4px;
    font-size: 13px;
    min-width: 0;
  }
  .builder select {
    width: auto;
    max-width: 100%;
  }
  .builder .value {
    flex: 0 1 220px;
  }
  input[type='date'] {
    width: auto;
  }
  .hint,
  .problem {
    flex-basis: 100%;
    margin: 0;
    font-size: 12.5px;
  }
  .hint {
    color: var(--svc-muted);
  }
  .problem {
    color: var(--svc-danger);
  }
  @media (max-width: 760px) {
    /* On a phone the controls share the width two by two (the value and the expression take it all): nothing is pushed past the edge. */
    label {
      flex: 1 1 calc(50% - 5px);
    }
    .builder .value,
    .expression {
      flex: 1 1 100%;
    }
    .builder select,
    input[type='date'] {
      width: 100%;
    }
  }
`
