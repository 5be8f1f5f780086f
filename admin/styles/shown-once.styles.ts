import { css } from 'lit'

/** The box a secret is shown in once (a new access token, a webhook's signing secret): the value, its Copy button, the warning. */
export const shownOnceStyles = css`
  .shown-once {
    display: grid;
    gap: 8px;
    padding: 14px 16px;
    border: 1px solid #b7dfc8;
    border-radius: var(--svc-radius);
    background: var(--svc-success-soft);
  }
  .shown-once .value {
    display: flex;
    gap: 8px;
    align-items: center;
  }
  .shown-once output {
    flex: 1;
    padding: 7px 10px;
    border-radius: 6px;
    background: var(--svc-panel);
    border: 1px solid #b7dfc8;
    font: 13px var(--svc-mono);
    overflow-wrap: anywhere;
  }
  .shown-once p {
    font-size: 12.5px;
  }
`
