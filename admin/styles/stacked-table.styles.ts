/**
 * @module Tables whose rows become cards when their box is narrow (a phone, the Setup tab's
 * side column): each cell on a line of its own, after its column's name, so every button
 * and field stays in view instead of in a box that scrolls sideways.
 *
 * Use: put the table in a `.stacking` box, mark it `stacks`, and give each cell its
 * column's name in `data-label` (none for a cell that names itself, such as a row's title
 * or its buttons). The header row stays in the page for screen readers. Text only a card
 * needs (a button's word beside its ×) goes in a `.stacked-only` span.
 */
import { css } from 'lit'

export const stackedTableStyles = css`
  .stacking {
    container-type: inline-size;
    position: relative;
  }
  /* Words a card needs that the table's columns said: "Remove" beside a ×. */
  .stacked-only {
    display: none;
  }
  /* Below 560 px of its box a row no longer fits on one line. */
  @container (max-width: 560px) {
    .stacked-only {
      display: inline;
      margin-inline-start: 6px;
    }
    table.stacks,
    table.stacks > tbody,
    table.stacks > tbody > tr {
      display: block;
    }
    table.stacks > thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    table.stacks > tbody > tr {
      display: grid;
      gap: 4px;
      padding: 12px 16px;
      border-bottom: 1px solid var(--svc-border);
    }
    table.stacks > tbody > tr:last-child {
      border-bottom: none;
    }
    table.stacks > tbody > tr > td {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      align-items: center;
      width: auto;
      padding: 0;
      border: none;
      text-align: start;
      white-space: normal;
    }
    table.stacks > tbody > tr > td[data-label] {
      grid-template-columns: 8.5em minmax(0, 1fr);
      gap: 8px;
      text-align: start;
    }
    table.stacks > tbody > tr > td[data-label] > * {
      grid-column: 2;
    }
    /* The column's name; "/ ''" keeps it out of what screen readers say (the header cell says it). */
    table.stacks > tbody > tr > td[data-label]::before {
      content: attr(data-label) / '';
      font-size: 12px;
      font-weight: 600;
      color: var(--svc-muted);
    }
  }
`
