/**
 * @module `bun scripts/write-openapi.ts [file]` — writes the OpenAPI document without a
 * running server (to `file`, or to standard output), with SVC_BASE_URL (or the default
 * local URL) as its server: what `npm run openapi` and `npm run api:types` use to
 * generate clients on a fresh clone.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { openapiDocument } from '../server/contract/api/openapi.ts'
import { VERSION } from '../server/contract/version.ts'
import { DEFAULT_PORT } from '../server/config.ts'

const serverUrl = process.env.SVC_BASE_URL?.replace(/\/+$/, '') || `http://localhost:${DEFAULT_PORT}`
const text = `${JSON.stringify(openapiDocument({ serverUrl, version: VERSION }), null, 2)}\n`
const file = process.argv[2]
if (file) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  console.error(`Wrote the OpenAPI document of svc ${VERSION} to ${file}`)
} else {
  process.stdout.write(text)
}
