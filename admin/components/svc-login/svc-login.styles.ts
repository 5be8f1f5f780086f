import { css } from 'lit'

export const loginStyles = css`
  :host {
    display: grid;
    place-items: center;
    min-height: 100vh;
    padding: 24px;
  }
  .card {
    width: min(400px, 100%);
    padding: 28px;
    background: var(--svc-panel);
    border: 1px solid var(--svc-border);
    border-radius: 14px;
    box-shadow: 0 8px 30px rgba(0, 0, 0, 0.05);
  }
  .brand {
    display: flex;
    align-items: center;
    gap: 10px;
    margin-bottom: 18px;
  }
  .logo {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 8px;
    background: var(--svc-primary);
    color: #fff;
    font-weight: 700;
  }
  .intro {
    margin: 6px 0 18px;
    color: var(--svc-muted);
  }
  .tabs {
    display: grid;
    grid-auto-flow: column;
    gap: 4px;
    padding: 3px;
    margin-bottom: 18px;
    border-radius: var(--svc-radius);
    background: var(--svc-sidebar);
  }
  .tabs button {
    height: 30px;
    border: none;
    background: transparent;
    color: var(--svc-muted);
  }
  /* The selected tab has an edge of 3:1, not only a background 1.1:1 from the others'. */
  .tabs button[aria-selected='true'] {
    background: var(--svc-panel);
    color: var(--svc-text);
    box-shadow: inset 0 0 0 1px var(--svc-border-strong);
  }
  form {
    display: grid;
    gap: 14px;
  }
  form button[type='submit'] {
    height: 38px;
  }
  input.code {
    font: 600 22px/1 var(--svc-mono);
    letter-spacing: 0.4em;
    text-align: center;
    height: 46px;
  }
  .switch {
    margin-top: 16px;
    text-align: center;
    font-size: 13px;
    color: var(--svc-muted);
  }
  .switch button {
    height: auto;
    padding: 0;
    border: none;
    background: none;
    color: var(--svc-accent);
    font-weight: 500;
  }
  /* A message, not a control: it takes focus so it is read first, without a ring. */
  .farewell {
    margin-bottom: 14px;
  }
  .farewell:focus {
    outline: none;
  }
`
