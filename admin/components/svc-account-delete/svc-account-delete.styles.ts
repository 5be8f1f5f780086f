import { css } from 'lit'

export const accountDeleteStyles = css`
  .panel {
    border-color: #f1b8b2;
  }
  .loss {
    padding: 10px 12px;
    border-inline-start: 4px solid var(--svc-danger);
    border-radius: var(--svc-radius);
    background: var(--svc-danger-soft);
    color: var(--svc-text);
    font-size: 13px;
  }
  .wrap {
    flex-wrap: wrap;
  }
`
