import { css } from 'lit'

export const planReviewStyles = css`
  :host {
    display: grid;
    gap: 16px;
  }
  .head h3 {
    font-size: 15px;
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
    gap: 16px;
    align-items: start;
  }
  section {
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
    overflow: hidden;
  }
  section > h3 {
    padding: 9px 12px;
    background: var(--svc-bg);
    border-bottom: 1px solid var(--svc-border);
  }
  section > .inner {
    padding: 10px 12px;
    font-size: 13px;
  }
  th,
  td {
    padding: 6px 10px;
    font-size: 12.5px;
  }
  td.options {
    color: var(--svc-muted);
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-inline-start: 18px;
  }
  li + li {
    margin-top: 3px;
  }
  .swatches {
    display: flex;
    gap: 6px;
    align-items: center;
  }
  .swatch {
    display: inline-block;
    width: 18px;
    height: 18px;
    border-radius: 4px;
    border: 1px solid var(--svc-border-strong);
  }
  .fields-wrap {
    max-height: 320px;
    overflow: auto;
  }
  .notes {
    border-color: #f1dfa6;
  }
  .notes > h3 {
    background: var(--svc-warning-soft);
    color: var(--svc-warning);
  }
`
