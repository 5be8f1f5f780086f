/**
 * @module The OpenAPI 3.1 document at /api/v3/openapi.json, generated from the route
 * schemas (zod, via Standard Schema). No UI is served: those load from a CDN.
 */
import { openapi } from '@elysiajs/openapi'
import { z } from 'zod'
import { VERSION } from '../version.ts'

export const openapiDocument = () =>
  openapi({
    path: '/api/v3/openapi',
    specPath: '/api/v3/openapi.json',
    provider: null,
    // The exports end in .csv/.jsonl, which the plugin would otherwise skip as static files.
    exclude: { staticFile: false },
    mapJsonSchema: { zod: z.toJSONSchema },
    documentation: {
      info: {
        title: 'svc',
        version: VERSION,
        description:
          'Self-hostable record collection. Public collection endpoints live under /api/v3/share/<token> ' +
          '(GET /api/v3/share/<token>?help describes one); everything else needs "Authorization: Bearer <access token>" or the admin session cookie.',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'http', scheme: 'bearer', description: 'A personal access token (svc_pat_…)' },
        },
      },
    },
  })
