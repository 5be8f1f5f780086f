/**
 * @module Styles every component adopts: controls, panels, tables and the focus ring, so
 * each screen only adds its layout.
 */
import { css } from 'lit'

export const baseStyles = css`
  :host {
    display: block;
    font: 14px/1.5 var(--svc-font);
    color: var(--svc-text);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h1,
  h2,
  h3 {
    margin: 0;
    font-weight: 600;
    line-height: 1.3;
  }
  h1 {
    font-size: 20px;
  }
  h2 {
    font-size: 15px;
  }
  h3 {
    font-size: 13px;
  }
  p {
    margin: 0;
  }
  a {
    color: var(--svc-accent);
    text-decoration: none;
  }
  a:hover,
  p a,
  li a {
    text-decoration: underline;
  }
  /* A solid 2px ring (WCAG 2.4.11/1.4.11), never a translucent shadow, so it shows on any state's background. */
  :focus-visible {
    outline: 2px solid var(--svc-focus-color);
    outline-offset: 2px;
  }
  /* A screen's heading takes focus after navigation so screen readers start there; it is not
     a control (tabindex -1, never a Tab stop), so it gets no ring: one would frame the title
     after every keyboard-less navigation. */
  h1[tabindex='-1']:focus {
    outline: none;
  }
  .muted {
    color: var(--svc-muted);
  }
  .small {
    font-size: 12px;
  }
  .mono,
  code,
  pre {
    font-family: var(--svc-mono);
    font-size: 12.5px;
  }
  code {
    background: var(--svc-sidebar);
    padding: 1px 5px;
    border-radius: 4px;
  }
  pre {
    margin: 0;
    padding: 12px 14px;
    background: #16171b;
    color: #e7e9ee;
    border-radius: var(--svc-radius);
    overflow: auto;
    white-space: pre;
    line-height: 1.55;
  }

  button,
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    height: 34px;
    padding: 0 14px;
    border: 1px solid var(--svc-border-strong);
    border-radius: var(--svc-radius);
    background: var(--svc-panel);
    color: var(--svc-text);
    font: 500 13px/1 var(--svc-font);
    cursor: pointer;
    white-space: nowrap;
    text-decoration: none;
  }
  button:hover,
  .button:hover {
    background: var(--svc-bg);
    text-decoration: none;
  }
  button.primary,
  .button.primary {
    background: var(--svc-primary);
    border-color: var(--svc-primary);
    color: var(--svc-primary-text);
  }
  button.primary:hover,
  .button.primary:hover {
    background: #33343b;
  }
  button.danger {
    color: var(--svc-danger);
    border-color: #f1b8b2;
  }
  button.danger:hover {
    background: var(--svc-danger-soft);
  }
  button.danger.solid {
    background: var(--svc-danger);
    border-color: var(--svc-danger);
    color: #fff;
  }
  button.ghost {
    border-color: transparent;
    background: transparent;
  }
  button.ghost:hover {
    background: var(--svc-sidebar);
  }
  button.small,
  .button.small {
    height: 28px;
    padding: 0 10px;
    font-size: 12px;
  }
  button.icon {
    width: 28px;
    height: 28px;
    padding: 0;
  }
  button:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }

  label {
    display: grid;
    gap: 5px;
    font-weight: 500;
    font-size: 13px;
  }
  label.inline {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    font-weight: 400;
  }
  input,
  select,
  textarea {
    width: 100%;
    height: 34px;
    padding: 0 10px;
    border: 1px solid var(--svc-border-strong);
    border-radius: var(--svc-radius);
    background: var(--svc-panel);
    color: var(--svc-text);
    font: 14px var(--svc-font);
  }
  textarea {
    height: auto;
    min-height: 72px;
    padding: 8px 10px;
    resize: vertical;
  }
  /* The one checkbox and radio style of every screen (a phone's record cards make theirs larger for fingers). */
  input[type='checkbox'],
  input[type='radio'] {
    width: 16px;
    height: 16px;
    margin: 0;
    flex: none;
    accent-color: var(--svc-primary);
  }
  /* A control one may not change (a viewer's editors, a switch while saving): the value reads as usual, on the page's grey. */
  input:disabled,
  select:disabled,
  textarea:disabled {
    background: var(--svc-bg);
    cursor: default;
  }
  /* Disables an editor's controls at once for a viewer, laid out as if the fieldset were not there. */
  fieldset.controls {
    display: contents;
  }
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    border-color: var(--svc-accent);
    outline-offset: 1px;
  }
  .hint {
    font-weight: 400;
    font-size: 12px;
    color: var(--svc-muted);
  }

  .panel {
    background: var(--svc-panel);
    border: 1px solid var(--svc-border);
    border-radius: 10px;
    /* Keeps table header backgrounds inside the rounded corners, and lets a table wider
       than the panel (a phone, many columns) scroll sideways inside it instead of being cut
       off or widening the page. Positioned, so visually hidden labels stay inside it too. */
    overflow: auto hidden;
    position: relative;
  }
  /* Wraps in a narrow panel (a phone): its buttons move under the title instead of out of view. */
  .panel > header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    padding: 14px 18px;
    border-bottom: 1px solid var(--svc-border);
  }
  .panel > .body {
    padding: 18px;
  }

  .error {
    padding: 9px 12px;
    border-radius: var(--svc-radius);
    background: var(--svc-danger-soft);
    color: var(--svc-danger);
    font-size: 13px;
  }
  .notice {
    padding: 9px 12px;
    border-radius: var(--svc-radius);
    background: var(--svc-warning-soft);
    color: var(--svc-warning);
    font-size: 13px;
  }
  .badge {
    display: inline-flex;
    align-items: center;
    height: 20px;
    padding: 0 8px;
    border-radius: 10px;
    font-size: 11.5px;
    font-weight: 600;
    /* One line: a fixed-height pill cannot hold a second ("Not published" in a narrow column). */
    white-space: nowrap;
    background: var(--svc-sidebar);
    color: var(--svc-muted);
  }
  .badge.on {
    background: var(--svc-success-soft);
    color: var(--svc-success);
  }
  .badge.warn {
    background: var(--svc-warning-soft);
    color: var(--svc-warning);
  }

  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    padding: 9px 12px;
    border-bottom: 1px solid var(--svc-border);
    text-align: start;
    vertical-align: top;
  }
  th {
    font-size: 12px;
    font-weight: 600;
    color: var(--svc-muted);
    background: var(--svc-bg);
    white-space: nowrap;
  }
  tr:last-child td {
    border-bottom: none;
  }
  .empty {
    padding: 40px 20px;
    text-align: center;
    color: var(--svc-muted);
  }
  .row {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .spacer {
    flex: 1;
  }
  .stack {
    display: grid;
    gap: 14px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`
