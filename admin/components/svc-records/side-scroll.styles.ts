import { css } from 'lit'

/**
 * The records table's box when the table is wider: a shade on each edge beyond which columns
 * lie (inside the box's scroll bars, letting clicks through), the line above that counts them,
 * and the focus ring of the box itself (a keyboard scrolls it with the arrow keys).
 */
export const sideScrollStyles = css`
  .table-frame {
    position: relative;
  }
  .table-wrap:focus-visible {
    outline-offset: -2px;
  }
  .edge {
    position: absolute;
    top: 0;
    bottom: var(--side-bar, 0px);
    width: 28px;
    pointer-events: none;
    z-index: 2;
  }
  .edge[hidden] {
    display: none;
  }
  .edge.start {
    inset-inline-start: 0;
    background: linear-gradient(to right, rgba(15, 23, 42, 0.18), rgba(15, 23, 42, 0));
  }
  .edge.end {
    inset-inline-end: var(--side-gutter, 0px);
    background: linear-gradient(to left, rgba(15, 23, 42, 0.18), rgba(15, 23, 42, 0));
  }
  .side-line {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
    margin-bottom: 6px;
  }
  th .badge.new {
    margin-inline-start: 4px;
    vertical-align: 1px;
  }
  @media (max-width: 760px) {
    .edge,
    .side-line {
      display: none;
    }
  }
`
