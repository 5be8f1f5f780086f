import { css } from 'lit'

export const connectEditorStyles = css`
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1.4fr) minmax(260px, 1fr);
    gap: 18px;
    align-items: start;
    max-width: 1180px;
  }
  form {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 14px;
  }
  form .wide {
    grid-column: 1 / -1;
  }
  .color {
    display: flex;
    gap: 6px;
  }
  .color input[type='color'] {
    width: 40px;
    flex: none;
    padding: 2px;
  }
  input[type='radio'] {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: var(--svc-primary);
  }
  fieldset {
    display: flex;
    gap: 18px;
    margin: 0;
    padding: 0;
    border: none;
  }
  legend {
    margin-bottom: 6px;
    font-weight: 500;
    font-size: 13px;
  }
  textarea.css {
    font-family: var(--svc-mono);
    font-size: 12px;
    min-height: 140px;
  }
  .field-error {
    color: var(--svc-danger);
    font-size: 12px;
    font-weight: 400;
  }
  .actions {
    display: flex;
    gap: 10px;
    align-items: center;
  }
  .saved {
    color: var(--svc-success);
    font-size: 12.5px;
  }
  .sample {
    padding: 18px;
    border-radius: var(--svc-radius);
    border: 1px solid var(--svc-border);
  }
  .sample .q {
    margin: 10px 0 14px;
    overflow-wrap: anywhere;
  }
  .sample .q .answer {
    display: block;
    height: 28px;
    margin-top: 6px;
    border: 1px solid currentColor;
    border-radius: 6px;
    opacity: 0.35;
  }
  .sample .fake-button {
    display: inline-block;
    padding: 8px 16px;
    border-radius: 6px;
    font-weight: 600;
  }
  @media (max-width: 980px) {
    :host {
      grid-template-columns: minmax(0, 1fr);
    }
    form {
      grid-template-columns: 1fr;
    }
  }
`
