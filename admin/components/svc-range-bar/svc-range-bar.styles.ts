import { css } from 'lit'

export const rangeBarStyles = css`
  svg {
    display: block;
    width: 100%;
    height: 48px;
    overflow: visible;
  }
  .level {
    stroke: var(--svc-panel);
    stroke-width: 2;
  }
  .level.l0 {
    fill: #cfe0fc;
  }
  .level.l1 {
    fill: #a9c7f8;
  }
  .level.l2 {
    fill: #84aef4;
  }
  .level.l3 {
    fill: #b7e1c9;
  }
  .level.l4 {
    fill: #f7dfa6;
  }
  .gap {
    fill: var(--svc-danger-soft);
    stroke: var(--svc-danger);
    stroke-dasharray: 3 2;
  }
  .overlap {
    fill: rgba(217, 45, 32, 0.45);
  }
  .range {
    stroke: var(--svc-text);
    stroke-width: 1.5;
  }
  text {
    font: 11px var(--svc-font);
    fill: var(--svc-muted);
  }
  text.key {
    fill: var(--svc-text);
    font-weight: 600;
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 14px;
    margin-top: 6px;
    font-size: 12px;
    color: var(--svc-muted);
  }
  .swatch {
    display: inline-block;
    width: 10px;
    height: 10px;
    margin-inline-end: 5px;
    border-radius: 2px;
    vertical-align: -1px;
  }
  .swatch.gap {
    background: var(--svc-danger-soft);
    border: 1px dashed var(--svc-danger);
  }
  .swatch.overlap {
    background: rgba(217, 45, 32, 0.45);
  }
`
