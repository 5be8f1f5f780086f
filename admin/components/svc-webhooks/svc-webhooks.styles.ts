import { css } from 'lit'

export const webhooksStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  ul.hooks,
  li.hook {
    grid-template-columns: minmax(0, 1fr);
  }
  ul.hooks {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 12px;
  }
  li.hook {
    min-width: 0;
    display: grid;
    gap: 6px;
    padding: 10px 12px;
    border: 1px solid var(--svc-border);
    border-radius: var(--svc-radius);
  }
  .url {
    font: 13px var(--svc-mono);
    overflow-wrap: anywhere;
    flex: 1;
  }
  .buttons {
    flex-wrap: wrap;
    gap: 6px;
  }
  .test-ok {
    color: var(--svc-success);
    font-size: 13px;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 10px 18px;
  }
  /* Checkboxes are 16 px: a 24 px box around each keeps touch targets apart (WCAG 2.5.8). */
  .notify {
    display: grid;
    gap: 4px;
    padding-bottom: 12px;
    border-bottom: 1px solid var(--svc-border);
  }
  legend {
    font-size: 13px;
    font-weight: 600;
    margin-bottom: 4px;
  }
  form.add {
    display: grid;
    gap: 10px;
  }
  table.deliveries {
    font-size: 12.5px;
  }
  table.deliveries th,
  table.deliveries td {
    padding: 6px 8px;
  }
  table.deliveries td.answer {
    overflow-wrap: anywhere;
  }
  table.deliveries td.num {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  td.actions {
    width: 1%;
    text-align: end;
  }
`
