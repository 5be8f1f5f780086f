/**
 * @module The storage of sessions, access tokens, e-mail codes and the login throttle: the interface core calls
 * (implemented in sqlite/auth.ts and postgres/auth.ts) and its plain row types.
 */

export interface AuthStore {}
