import { css } from 'lit'

export const summaryStyles = css`
  :host {
    display: grid;
    gap: 18px;
  }
  /* Out of the grid's flow until there is something to say (its live region stays in place). */
  svc-live-stopped[message=''] {
    position: absolute;
  }
  .stats {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
    gap: 12px;
  }
  .stat {
    padding: 14px 16px;
  }
  .stat .value {
    font-size: 22px;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .stat .value.small-value {
    font-size: 14px;
    padding-top: 8px;
  }
  .stat .name {
    font-size: 12px;
    color: var(--svc-muted);
  }
  .days svg {
    display: block;
    width: 100%;
    height: 140px;
  }
  .days .bar {
    fill: var(--svc-accent);
  }
  .days .bar.zero {
    fill: var(--svc-sidebar);
  }
  .days .bar:hover {
    fill: var(--svc-primary);
  }
  .axis {
    display: flex;
    justify-content: space-between;
    font-size: 11.5px;
    color: var(--svc-muted);
    margin-top: 6px;
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(340px, 1fr));
    gap: 14px;
  }
  .field header h2 {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .field header h2 .name {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    font: 400 11px var(--svc-mono);
    color: var(--svc-muted);
  }
  .field header .type {
    color: var(--svc-muted);
    font-size: 12px;
  }
  .field .body {
    display: grid;
    gap: 12px;
  }
  .coverage {
    font-size: 12px;
    color: var(--svc-muted);
  }
  .numbers {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(76px, 1fr));
    gap: 8px;
  }
  .numbers div {
    padding: 8px 10px;
    border-radius: var(--svc-radius);
    background: var(--svc-bg);
  }
  .numbers dt {
    font-size: 11px;
    color: var(--svc-muted);
  }
  .numbers dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .nps {
    margin: 0;
  }
  .nps strong {
    font-size: 18px;
    font-variant-numeric: tabular-nums;
  }
  .distinct {
    font-size: 12.5px;
    color: var(--svc-muted);
  }
  .split svg {
    display: block;
    width: 100%;
    height: 18px;
    border-radius: 4px;
  }
  .split .true {
    fill: var(--svc-success);
  }
  .split .false {
    fill: var(--svc-border-strong);
  }
  .split .legend {
    display: flex;
    justify-content: space-between;
    margin-top: 6px;
    font-size: 12.5px;
  }
  h3 {
    color: var(--svc-muted);
    font-weight: 600;
  }
  .as-table {
    margin-top: 10px;
    font-size: 12.5px;
  }
  .as-table summary {
    cursor: pointer;
    color: var(--svc-muted);
  }
  .as-table table {
    margin-top: 6px;
    max-width: 320px;
  }
`
