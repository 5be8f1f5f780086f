/**
 * @module PostgreSQL array literals built in one native call. Bun.SQL serialises an array
 * parameter element by element in JavaScript (a regular expression per string): in a
 * profile of /batch it was 18% of svc's CPU. `JSON.stringify` quotes a string the way
 * PostgreSQL's array input reads it back (`"…"`, with `\"` and `\\`) as long as the string
 * has no control characters, which JSON.stringify would write as `\n`, `\u0001`… and the
 * array input would read as `n`, `u0001`. So this is for numbers, nulls, ids and JSON
 * texts made by JSON.stringify (which never hold a raw control character), and nothing
 * else; `$n::text[]` (or `int[]`, `bigint[]`) turns the literal into the array.
 */

/** `{…}` for `values`: numbers, nulls and strings free of control characters (module comment). */
export const arrayLiteral = (values: ReadonlyArray<string | number | null>): string =>
  `{${JSON.stringify(values).slice(1, -1)}}`
