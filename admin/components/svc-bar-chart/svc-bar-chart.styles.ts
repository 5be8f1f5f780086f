import { css } from 'lit'

export const barChartStyles = css`
  :host {
    display: block;
  }
  ol {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    grid-template-columns: minmax(80px, 38%) 1fr auto;
    align-items: center;
    gap: 10px;
    font-size: 13px;
  }
  .label {
    /* dir="auto" sets the text's own direction; alignment follows the chart's. */
    text-align: match-parent;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .label.other {
    color: var(--svc-muted);
    font-style: italic;
  }
  svg {
    display: block;
    width: 100%;
    height: 14px;
  }
  .track {
    fill: var(--svc-sidebar);
  }
  .bar {
    fill: var(--svc-accent);
  }
  .bar.muted {
    fill: var(--svc-border-strong);
  }
  .count {
    min-width: 4ch;
    text-align: end;
    color: var(--svc-muted);
    font-variant-numeric: tabular-nums;
  }
`
