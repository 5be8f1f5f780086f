import { css } from 'lit'

export const appsStyles = css`
  :host {
    display: grid;
    gap: 20px;
    max-width: 1100px;
  }
  .head {
    display: flex;
    align-items: center;
    gap: 12px;
  }
  form.create {
    padding: 18px;
    display: grid;
    grid-template-columns: minmax(180px, 1fr) minmax(180px, 2fr) auto auto;
    gap: 10px;
    align-items: end;
  }
  .badges {
    display: inline-flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  td.name a {
    font-weight: 600;
    color: var(--svc-text);
  }
  td.name .description {
    display: block;
    max-width: 460px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 12px;
    color: var(--svc-muted);
  }
  td.num {
    font-variant-numeric: tabular-nums;
  }
  /* A link among the spam count's plain text: underlined, not told apart by colour alone. */
  a.count {
    text-decoration: underline;
  }
  td.actions {
    width: 1%;
    white-space: nowrap;
    text-align: end;
  }
  .empty h2 {
    margin-bottom: 6px;
    color: var(--svc-text);
  }
  .empty button {
    margin-top: 14px;
  }
  @media (max-width: 760px) {
    form.create {
      grid-template-columns: 1fr;
    }
  }
  @container (max-width: 560px) {
    td.name .description {
      white-space: normal;
    }
    td.actions {
      margin-top: 6px;
    }
  }
`
