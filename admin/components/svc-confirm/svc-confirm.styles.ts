import { css } from 'lit'

export const confirmStyles = css`
  dialog {
    width: min(440px, calc(100vw - 32px));
    padding: 0;
    border: 1px solid var(--svc-border);
    border-radius: 12px;
    box-shadow: 0 20px 50px rgba(0, 0, 0, 0.18);
    color: var(--svc-text);
  }
  dialog::backdrop {
    background: rgba(20, 22, 28, 0.45);
  }
  .content {
    display: grid;
    gap: 10px;
    padding: 20px 22px 8px;
  }
  .message {
    color: var(--svc-muted);
    overflow-wrap: anywhere;
  }
  .name {
    color: var(--svc-text);
    font-weight: 600;
  }
  footer {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
    padding: 16px 22px 20px;
  }
`
