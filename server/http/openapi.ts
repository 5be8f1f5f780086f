/**
 * @module The OpenAPI 3.1 document at /api/v3/openapi.json, generated from the route
 * schemas (zod, via Standard Schema). No UI is served: those load from a CDN.
 */
import { openapi } from '@elysiajs/openapi'
import { z } from 'zod'
import { VERSION } from '../contract/version.ts'

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
          '(GET /api/v3/share/<token>?help describes one): anyone with the token may POST records, but records are the owner\'s. ' +
          'Reading them back (/query, /summary) with the token alone needs the app\'s reads setting opened ("summary": /summary only; "records": both; default "off"); ' +
          'the owner\'s access token in "Authorization: Bearer <access token>" always reads its own endpoint, and any other token counts as none. ' +
          'Answers that show reads open carry data.warnings. Everything else needs "Authorization: Bearer <access token>" or the admin session cookie.',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'http', scheme: 'bearer', description: 'A personal access token (svc_pat_…)' },
        },
      },
    },
  })
