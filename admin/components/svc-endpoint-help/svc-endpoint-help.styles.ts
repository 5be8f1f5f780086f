import { css } from 'lit'

export const endpointHelpStyles = css`
  dl {
    display: grid;
    gap: 12px;
    margin: 0;
  }
  dt {
    font-size: 12px;
    font-weight: 600;
    color: var(--svc-muted);
    margin-bottom: 4px;
  }
  dd {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0;
  }
  dd output {
    flex: 1;
    min-width: 0;
    padding: 6px 10px;
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
    background: var(--svc-bg);
    font: 12.5px/1.4 var(--svc-mono);
    overflow-wrap: anywhere;
  }
  .snippet {
    display: grid;
    gap: 6px;
  }
  .snippet .row h3 {
    flex: 1;
  }
  pre {
    max-height: 360px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`
