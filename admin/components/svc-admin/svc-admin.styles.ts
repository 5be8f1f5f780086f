import { css } from 'lit'

export const adminStyles = css`
  :host {
    display: block;
    min-height: 100vh;
  }
  .layout {
    display: grid;
    grid-template-columns: 220px minmax(0, 1fr);
    min-height: 100vh;
  }
  aside {
    background: var(--svc-sidebar);
    border-inline-end: 1px solid var(--svc-border);
  }
  nav {
    position: sticky;
    top: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
    height: 100vh;
    padding: 16px 12px;
  }
  .brand {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 4px 8px 18px;
    font-weight: 700;
    color: var(--svc-text);
  }
  .logo {
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border-radius: 7px;
    background: var(--svc-primary);
    color: #fff;
    font-size: 14px;
  }
  .links {
    display: grid;
    gap: 2px;
  }
  nav a {
    display: flex;
    align-items: center;
    gap: 10px;
    height: 34px;
    padding: 0 10px;
    border-radius: var(--svc-radius);
    color: var(--svc-text);
    font-weight: 500;
  }
  nav a:hover {
    background: rgba(0, 0, 0, 0.05);
    text-decoration: none;
  }
  /* The current link is marked by a bar, not only by a background 1.1:1 from the sidebar's. */
  nav a[aria-current='page'] {
    background: var(--svc-panel);
    box-shadow: inset 3px 0 0 var(--svc-primary);
  }
  nav svg {
    width: 16px;
    height: 16px;
    color: var(--svc-muted);
  }
  .who {
    margin-top: auto;
    padding: 10px 8px 0;
    border-top: 1px solid var(--svc-border);
    display: grid;
    gap: 2px;
  }
  .who .name,
  .who .email {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .who .name {
    font-weight: 600;
    font-size: 13px;
  }
  .who .email {
    font-size: 12px;
    color: var(--svc-muted);
  }
  .who .logout {
    margin-top: 8px;
  }
  main {
    min-width: 0;
    padding: 28px 32px 48px;
  }
  /* Focus lands here (or on the screen's heading) after navigation, for screen readers: it is
     not a control, so no ring is drawn around the whole screen. */
  main:focus {
    outline: none;
  }
  .loading {
    display: grid;
    place-items: center;
    min-height: 100vh;
    color: var(--svc-muted);
  }
  /* Phones: one bar on top, brand and account on its first line, the sections as tabs
     underlined like the app's tabs on the second (no sidebar bar, no rounded corners). */
  @media (max-width: 760px) {
    .layout {
      /* minmax(0, …): the column may be narrower than its widest content, which scrolls inside its own panel. */
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: auto 1fr;
    }
    aside {
      border-inline-end: none;
      border-bottom: 1px solid var(--svc-border);
    }
    nav {
      position: static;
      height: auto;
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      grid-template-areas: 'brand who' 'links links';
      align-items: center;
      gap: 8px 12px;
      padding: 10px 16px 0;
    }
    .brand {
      grid-area: brand;
      padding: 0;
    }
    .links {
      grid-area: links;
      display: flex;
      gap: 4px;
    }
    nav a:not(.brand) {
      height: 40px;
      border-radius: 0;
    }
    nav a[aria-current='page'] {
      background: none;
      box-shadow: inset 0 -2px 0 var(--svc-primary);
    }
    .who {
      grid-area: who;
      display: flex;
      align-items: center;
      justify-content: flex-end;
      gap: 10px;
      margin: 0;
      border: none;
      padding: 0;
    }
    .who .email {
      display: none;
    }
    .who .logout {
      margin: 0;
      flex: none;
    }
    main {
      padding: 20px 16px 40px;
    }
  }
`
