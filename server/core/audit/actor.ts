/**
 * @module The actor an audit entry names for a request's caller: the account, and the way
 * in (the session, or the access token by name).
 */
import { viaToken } from '../../contract/audit/model.ts'
import type { Principal } from '../auth/authenticate.ts'
import type { Actor } from './record.ts'

export const actorOf = (principal: Principal): Actor => ({
  user: principal.user,
  via: principal.method === 'token' ? viaToken(principal.tokenName ?? '') : 'session',
})
