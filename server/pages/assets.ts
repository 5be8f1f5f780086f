/**
 * @module Static files of the public pages, embedded at build time (so a compiled
 * single executable carries them) and served by the fill-in plugin.
 */
import fillInScript from './assets/fill-in.client.js' with { type: 'text' }

/** The fill-in page's enhancement script. */
export const FILL_IN_CLIENT_JS: string = fillInScript
