import { css } from 'lit'

export const appViewStyles = css`
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 18px;
  }
  .crumbs {
    font-size: 12px;
    color: var(--svc-muted);
  }
  .title {
    display: flex;
    align-items: center;
    gap: 10px;
    flex-wrap: wrap;
  }
  .title h1 {
    overflow-wrap: anywhere;
  }
  .tabs {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    border-bottom: 1px solid var(--svc-border);
  }
  .tabs a {
    padding: 8px 14px;
    margin-bottom: -1px;
    border-bottom: 2px solid transparent;
    color: var(--svc-muted);
    font-weight: 500;
  }
  .tabs a:hover {
    color: var(--svc-text);
    text-decoration: none;
  }
  .tabs a[aria-current='page'] {
    color: var(--svc-text);
    border-bottom-color: var(--svc-primary);
  }
  .tabs .add-scoring {
    margin-left: auto;
    align-self: center;
    padding: 4px 12px;
    font-size: 13px;
  }
`
