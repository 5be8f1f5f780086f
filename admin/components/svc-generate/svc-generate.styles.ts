import { css } from 'lit'

export const generateStyles = css`
  form {
    display: grid;
    gap: 10px;
  }
  textarea {
    min-height: 64px;
  }
  .hint {
    margin: 0;
  }
  .actions {
    display: flex;
    gap: 10px;
    align-items: center;
    flex-wrap: wrap;
  }
  .progress {
    display: grid;
    gap: 6px;
  }
  progress {
    width: 100%;
    height: 8px;
    accent-color: var(--svc-accent);
  }
  .stage {
    font-size: 12.5px;
    color: var(--svc-muted);
    font-variant-numeric: tabular-nums;
  }
  .messages {
    margin: 0;
    padding-inline-start: 18px;
    font-size: 12px;
    color: var(--svc-muted);
  }
`
