/**
 * @module The storage of apps and the app list view: the interface core calls
 * (implemented in sqlite/apps.ts and postgres/apps.ts) and its plain row types.
 */

export interface AppStore {}
