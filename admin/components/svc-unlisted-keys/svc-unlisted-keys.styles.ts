import { css } from 'lit'

export const unlistedKeysStyles = css`
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 13px;
  }
  th,
  td {
    text-align: left;
    padding: 6px 5px;
    vertical-align: middle;
  }
  td.count {
    font-variant-numeric: tabular-nums;
  }
  td.name {
    overflow-wrap: anywhere;
  }
`
