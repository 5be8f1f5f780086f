import { css } from 'lit'

export const sendersStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  ul.senders {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
    grid-template-columns: minmax(0, 1fr);
  }
  li.sender {
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 10px;
    padding: 8px 12px;
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .header {
    font: 13px var(--svc-mono);
    overflow-wrap: anywhere;
  }
  .spacer {
    flex: 1;
  }
  form.add {
    display: grid;
    gap: 8px;
    grid-template-columns: minmax(0, 1fr);
  }
  .hmac {
    display: grid;
    gap: 8px;
    grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  }
`
