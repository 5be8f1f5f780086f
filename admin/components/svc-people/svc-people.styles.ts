import { css } from 'lit'

export const peopleStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  ul.members {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
    grid-template-columns: minmax(0, 1fr);
  }
  li.member {
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 10px;
    padding: 8px 12px;
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
  }
  .who {
    flex: 1;
    min-width: 12rem;
    display: grid;
  }
  .email {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  li.member select {
    width: auto;
  }
  h3 {
    margin: 4px 0 0;
    font-size: 13px;
  }
  form.invite {
    display: grid;
    gap: 8px;
    grid-template-columns: minmax(0, 1fr);
  }
  form.invite > button {
    justify-self: start;
  }
  dl.roles {
    margin: 0;
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 2px 10px;
    font-size: 12.5px;
    color: var(--svc-muted);
  }
  dl.roles dt {
    font-weight: 600;
  }
  dl.roles dd {
    margin: 0;
  }
`
