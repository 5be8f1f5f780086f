import { css } from 'lit'

export const shareSettingsStyles = css`
  .status {
    display: flex;
    align-items: center;
    gap: 10px;
  }
  .status p {
    flex: 1;
    font-size: 13px;
    color: var(--svc-muted);
  }
  .switches {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    border: none;
  }
  .switch {
    display: grid;
    grid-template-columns: auto 1fr;
    align-items: center;
    gap: 12px;
    padding: 10px 0;
    border-bottom: 1px solid var(--svc-border);
    font-weight: 500;
  }
  .switch .hint {
    display: block;
  }
  /* The one checkbox of the admin page (base.styles.ts): no toggle of its own. */
  .reads {
    display: grid;
    gap: 10px;
  }
  .reads-choice {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    border: none;
  }
  .reads-choice legend {
    padding: 0;
    font-weight: 500;
  }
  .choices {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 18px;
  }
  .choice {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 2px 0;
    font-weight: 500;
    cursor: pointer;
  }
  .choice {
    white-space: nowrap;
  }
  .choice input {
    flex: none;
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: var(--svc-primary);
  }
  .reads-warning {
    padding: 10px 12px;
    border-inline-start: 4px solid var(--svc-warning);
    border-radius: var(--svc-radius);
    background: var(--svc-warning-soft);
    color: var(--svc-text);
    font-size: 13px;
  }
  form {
    display: grid;
    gap: 14px;
  }
  /* The settings most apps never change wait behind a summary line, so the card's common
     settings fit a laptop's window. */
  details {
    border-top: 1px solid var(--svc-border);
    padding-top: 12px;
  }
  details > summary {
    cursor: pointer;
    font-weight: 500;
    border-radius: 4px;
  }
  details[open] > summary {
    margin-bottom: 12px;
  }
  .danger-zone[open] {
    display: grid;
    gap: 8px;
  }
  .danger-zone[open] > summary {
    margin-bottom: 0;
  }
  .saved {
    color: var(--svc-success);
    font-size: 12px;
  }
  /* The URL right under Publish, where the eye is when it was pressed. */
  .published-url {
    display: grid;
    gap: 4px;
    padding: 10px 12px;
    border: 1px solid var(--svc-border-strong);
    border-radius: var(--svc-radius);
  }
  .published-url span {
    font-weight: 600;
  }
  .published-url output {
    overflow-wrap: anywhere;
  }
  textarea[name='thankYouMessage'] {
    min-height: 54px;
  }
`
