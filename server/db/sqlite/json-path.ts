/**
 * @module JSON paths into stored records on SQLite (`json_extract`), for filters and for the
 * summary's refills alike.
 */

/** The JSON path of a top-level key; SQLite reads a quoted label with JSON's escapes. */
export const pathTo = (key: string): string => `$.${JSON.stringify(key)}`
