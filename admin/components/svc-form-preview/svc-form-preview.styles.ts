import { css } from 'lit'

export const formPreviewStyles = css`
  iframe {
    display: block;
    width: 100%;
    height: min(70vh, 640px);
    min-height: 360px;
    border: 1px solid var(--svc-border-strong);
    border-radius: var(--svc-radius);
    background: #fff;
  }
`
