/**
 * @module How endpoint settings read in a terminal; shared by the share commands.
 */
import { details, type Style } from '../../output.ts'
import type { Share } from '../../../server/core/share/view.ts'

export type { Share }


const onOff = (value: boolean) => (value ? 'on' : 'off')

export const shareDetails = (share: Share) => (style: Style) =>
  details(style, {
    published: share.published ? `yes (since ${share.publishedAt})` : 'no',
    endpoint: share.endpoint,
    'service (writes)': onOff(share.service),
    'reads (query/summary)': onOff(share.reads),
    'auto-create fields': onOff(share.autoCreate),
    honeypot: share.honeypot,
    'rate limit': share.rateLimit ? share.rateLimit : `${share.effectiveRateLimit} (server default)`,
    'redirect origins': share.redirectOrigins,
  })

export const sharePath = (app: string) => `/api/v3/apps/${encodeURIComponent(app)}/share`
