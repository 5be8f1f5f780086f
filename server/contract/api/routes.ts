/**
 * @module The route table's names, methods and paths: every operation of the HTTP API and
 * the hosted pages, as `'METHOD /path'` (Elysia's `:param` and `*`). This is the only part
 * of the table a client loads at runtime, so it stays plain strings; what each operation
 * takes and answers lives under the same name in operations.ts.
 */
export const ROUTES = {
  'health.get': 'GET /api/v3/health',
  'ready.get': 'GET /api/v3/ready',
  'metrics.get': 'GET /metrics',
  'openapi.get': 'GET /api/v3/openapi.json',
  'skills.get': 'GET /api/v3/skills/:module',

  'auth.options': 'GET /api/v3/auth/options',
  'auth.status': 'GET /api/v3/auth/status',
  'auth.session': 'GET /api/v3/auth/session',
  'auth.signup': 'POST /api/v3/auth/signup',
  'auth.login': 'POST /api/v3/auth/login',
  'auth.logout': 'POST /api/v3/auth/logout',
  'auth.sendCode': 'POST /api/v3/auth/code',
  'auth.verifyCode': 'POST /api/v3/auth/code/verify',
  'auth.resetPassword': 'POST /api/v3/auth/password/reset',
  'tokens.list': 'GET /api/v3/auth/tokens',
  'tokens.create': 'POST /api/v3/auth/tokens',
  'tokens.revokeAll': 'DELETE /api/v3/auth/tokens',
  'tokens.revoke': 'DELETE /api/v3/auth/tokens/:id',

  'profile.get': 'GET /api/v3/profile',
  'profile.update': 'PATCH /api/v3/profile',
  'profile.delete': 'DELETE /api/v3/profile',
  'profile.setPassword': 'PUT /api/v3/profile/password',
  'profile.cancelEmail': 'DELETE /api/v3/profile/email',
  'profile.confirmEmailPage': 'GET /api/v3/profile/email/confirm',
  'profile.confirmEmail': 'POST /api/v3/profile/email/confirm',

  'apps.list': 'GET /api/v3/apps',
  'apps.create': 'POST /api/v3/apps',
  'apps.get': 'GET /api/v3/apps/:id',
  'apps.update': 'PATCH /api/v3/apps/:id',
  'apps.delete': 'DELETE /api/v3/apps/:id',
  'apps.urls': 'GET /api/v3/apps/:id/urls',

  'fields.list': 'GET /api/v3/apps/:id/fields',
  'fields.add': 'POST /api/v3/apps/:id/fields',
  'fields.get': 'GET /api/v3/apps/:id/fields/:field',
  'fields.update': 'PATCH /api/v3/apps/:id/fields/:field',
  'fields.remove': 'DELETE /api/v3/apps/:id/fields/:field',
  'fields.accept': 'POST /api/v3/apps/:id/fields/accept',
  'fields.order': 'PUT /api/v3/apps/:id/fields/order',

  'share.get': 'GET /api/v3/apps/:id/share',
  'share.update': 'PATCH /api/v3/apps/:id/share',
  'share.publish': 'POST /api/v3/apps/:id/share/publish',
  'share.unpublish': 'POST /api/v3/apps/:id/share/unpublish',
  'share.rotate': 'POST /api/v3/apps/:id/share/rotate',

  'senders.list': 'GET /api/v3/apps/:id/senders',
  'senders.add': 'POST /api/v3/apps/:id/senders',
  'senders.remove': 'DELETE /api/v3/apps/:id/senders/:name',

  'members.list': 'GET /api/v3/apps/:id/members',
  'members.invite': 'POST /api/v3/apps/:id/members',
  'members.update': 'PATCH /api/v3/apps/:id/members/:user',
  'members.remove': 'DELETE /api/v3/apps/:id/members/:user',
  'members.leave': 'DELETE /api/v3/apps/:id/membership',
  'invitations.revoke': 'DELETE /api/v3/apps/:id/invitations/:invitation',
  'invitations.get': 'GET /api/v3/invitations/:token',
  'invitations.accept': 'POST /api/v3/invitations/:token',

  'audit.app': 'GET /api/v3/apps/:id/audit',
  'audit.account': 'GET /api/v3/audit',

  'webhooks.list': 'GET /api/v3/apps/:id/webhooks',
  'webhooks.add': 'POST /api/v3/apps/:id/webhooks',
  'webhooks.update': 'PATCH /api/v3/apps/:id/webhooks/:webhook',
  'webhooks.remove': 'DELETE /api/v3/apps/:id/webhooks/:webhook',
  'webhooks.deliveries': 'GET /api/v3/apps/:id/webhooks/:webhook/deliveries',
  'webhooks.retry': 'POST /api/v3/apps/:id/webhooks/:webhook/deliveries/:delivery/retry',
  'webhooks.test': 'POST /api/v3/apps/:id/webhooks/:webhook/test',
  'notifications.get': 'GET /api/v3/apps/:id/notifications',
  'notifications.set': 'PUT /api/v3/apps/:id/notifications',
  'unsubscribe.page': 'GET /api/v3/unsubscribe/:token',
  'unsubscribe.confirm': 'POST /api/v3/unsubscribe/:token',
  'alerts.revokePage': 'GET /api/v3/account/revoke/:link',
  'alerts.revoke': 'POST /api/v3/account/revoke/:link',

  'records.list': 'GET /api/v3/apps/:id/records',
  'records.get': 'GET /api/v3/apps/:id/records/:recordId',
  'records.update': 'PATCH /api/v3/apps/:id/records/:recordId',
  'records.delete': 'DELETE /api/v3/apps/:id/records/:recordId',
  'records.deleteMany': 'POST /api/v3/apps/:id/records/delete',
  'records.spam': 'POST /api/v3/apps/:id/records/spam',
  'records.summary': 'GET /api/v3/apps/:id/summary',
  'records.exportCsv': 'GET /api/v3/apps/:id/export.csv',
  'records.exportJsonl': 'GET /api/v3/apps/:id/export.jsonl',
  'records.stream': 'GET /api/v3/apps/:id/records/stream',
  'records.erase': 'POST /api/v3/records/erase',
  'records.find': 'POST /api/v3/records/find',

  'ingest.post': 'POST /api/v3/share/:token',
  'ingest.form': 'POST /api/v3/share/:token/form',
  'ingest.batch': 'POST /api/v3/share/:token/batch',
  'ingest.help': 'GET /api/v3/share/:token',
  'ingest.formHelp': 'GET /api/v3/share/:token/form',
  'ingest.batchHelp': 'GET /api/v3/share/:token/batch',
  'ingest.challenge': 'GET /api/v3/share/:token/challenge',
  'reads.query': 'GET /api/v3/share/:token/query',
  'reads.summary': 'GET /api/v3/share/:token/summary',
  'reads.queryHelp': 'GET /api/v3/share/:token/query/help',
  'reads.summaryHelp': 'GET /api/v3/share/:token/summary/help',
  'reads.stream': 'GET /api/v3/share/:token/stream',
  'files.upload': 'POST /api/v3/share/:token/files',
  'uploads.options': 'OPTIONS /api/v3/share/:token/uploads',
  'uploads.create': 'POST /api/v3/share/:token/uploads',
  'uploads.head': 'HEAD /api/v3/share/:token/uploads/:upload',
  'uploads.patch': 'PATCH /api/v3/share/:token/uploads/:upload',
  'uploads.delete': 'DELETE /api/v3/share/:token/uploads/:upload',

  'files.download': 'GET /api/v3/apps/:id/files/:file',
  'files.link': 'POST /api/v3/apps/:id/files/:file/link',
  'files.open': 'GET /api/v3/file-links/:link',

  'scales.list': 'GET /api/v3/apps/:id/scales',
  'scales.add': 'POST /api/v3/apps/:id/scales',
  'scales.get': 'GET /api/v3/apps/:id/scales/:scale',
  'scales.update': 'PATCH /api/v3/apps/:id/scales/:scale',
  'scales.remove': 'DELETE /api/v3/apps/:id/scales/:scale',
  'scales.addItem': 'POST /api/v3/apps/:id/scales/:scale/items',
  'scales.removeItem': 'DELETE /api/v3/apps/:id/scales/:scale/items/:field',
  'scales.setLevel': 'PUT /api/v3/apps/:id/scales/:scale/levels/:level',
  'scales.removeLevel': 'DELETE /api/v3/apps/:id/scales/:scale/levels/:level',
  'scales.rescore': 'POST /api/v3/apps/:id/scales/rescore',

  'reports.get': 'GET /api/v3/apps/:id/report',
  'reports.listPages': 'GET /api/v3/apps/:id/report/pages',
  'reports.addPage': 'POST /api/v3/apps/:id/report/pages',
  'reports.updatePage': 'PATCH /api/v3/apps/:id/report/pages/:page',
  'reports.removePage': 'DELETE /api/v3/apps/:id/report/pages/:page',
  'reports.addSection': 'POST /api/v3/apps/:id/report/pages/:page/sections',
  'reports.removeSection': 'DELETE /api/v3/apps/:id/report/pages/:page/sections/:section',
  'reports.preview': 'POST /api/v3/apps/:id/report/preview',

  'expert.get': 'GET /api/v3/apps/:id/expert',
  'expert.update': 'PATCH /api/v3/apps/:id/expert',
  'expert.comments': 'GET /api/v3/apps/:id/expert/comments',
  'expert.setComment': 'PUT /api/v3/apps/:id/expert/comments/:scale/:level',
  'expert.removeComment': 'DELETE /api/v3/apps/:id/expert/comments/:scale/:level',

  'connect.get': 'GET /api/v3/apps/:id/connect',
  'connect.update': 'PATCH /api/v3/apps/:id/connect',
  'connect.preview': 'POST /api/v3/apps/:id/connect/preview',
  'connect.previewPage': 'GET /api/v3/apps/:id/connect/preview',
  'connect.reset': 'POST /api/v3/apps/:id/connect/reset',

  'smart.draft': 'POST /api/v3/smart/drafts',
  'smart.job': 'GET /api/v3/smart/jobs/:id',
  'smart.cancelJob': 'DELETE /api/v3/smart/jobs/:id',
  'plans.list': 'GET /api/v3/smart/plans',
  'plans.create': 'POST /api/v3/smart/plans',
  'plans.import': 'POST /api/v3/smart/plans/import',
  'plans.get': 'GET /api/v3/smart/plans/:id',
  'plans.replace': 'PUT /api/v3/smart/plans/:id',
  'plans.validate': 'POST /api/v3/smart/plans/:id/validate',
  'plans.execute': 'POST /api/v3/smart/plans/:id/execute',

  'pages.home': 'GET /',
  'pages.admin': 'GET /admin',
  'pages.adminAsset': 'GET /admin/*',
  'pages.fillIn': 'GET /f/:token',
  'pages.fillInPost': 'POST /f/:token',
  'pages.thanks': 'GET /f/:token/thanks',
  'pages.fillInScript': 'GET /f/assets/fill-in.js',
  'pages.wayBackScript': 'GET /f/assets/way-back.js',
  'pages.report': 'GET /r/:recordId',
} as const

export type RouteName = keyof typeof ROUTES
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** The path of route `N`, as a type: `'apps.get'` → `'/api/v3/apps/:id'` (so the router types its params). */
export type PathOf<N extends RouteName> = (typeof ROUTES)[N] extends `${string} ${infer P}` ? P : never

/** The method and the Elysia path of a route (`:param`, `*`). */
export function routeOf<N extends RouteName>(name: N): { method: Method; path: PathOf<N> } {
  const route = ROUTES[name]
  const space = route.indexOf(' ')
  return { method: route.slice(0, space) as Method, path: route.slice(space + 1) as PathOf<N> }
}

/** The path of a route, as the HTTP face mounts it. */
export const pathOf = <N extends RouteName>(name: N): PathOf<N> => routeOf(name).path
