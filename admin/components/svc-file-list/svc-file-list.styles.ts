import { css } from 'lit'

export const fileListStyles = css`
  :host {
    display: block;
  }
  ul.files {
    display: grid;
    gap: 10px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  a.download {
    font-size: 13px;
    font-weight: 600;
  }
  .preview {
    display: block;
    margin-top: 6px;
    max-width: 100%;
    max-height: 320px;
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
    background: var(--svc-panel);
  }
  .preview.pdf {
    width: 100%;
    height: 360px;
    max-height: none;
  }
`
