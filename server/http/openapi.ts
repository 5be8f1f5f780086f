/**
 * @module GET /api/v3/openapi.json — the OpenAPI 3.1 document of the route table
 * (server/contract/api), built once, with this server's public URL as its server.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { openapiDocument } from '../contract/api/openapi.ts'
import { pathOf } from '../contract/api/routes.ts'
import { VERSION } from '../contract/version.ts'

export const openapiRoutes = (ctx: AppContext) => {
  let document: string | undefined
  return new Elysia({ name: 'svc/openapi' }).get(pathOf('openapi.get'), ({ set }) => {
    document ??= JSON.stringify(openapiDocument({ serverUrl: ctx.config.baseUrl, version: VERSION }))
    set.headers['content-type'] = 'application/json; charset=utf-8'
    return document
  })
}
