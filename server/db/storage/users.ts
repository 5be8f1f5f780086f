/**
 * @module The storage of accounts (users): the interface core calls
 * (implemented in sqlite/users.ts and postgres/users.ts) and its plain row types.
 */

export interface UserStore {}
