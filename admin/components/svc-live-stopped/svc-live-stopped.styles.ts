import { css } from 'lit'

export const liveStoppedStyles = css`
  :host {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    font-size: 13px;
    color: var(--svc-muted);
  }
`
