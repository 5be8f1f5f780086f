/** @module The `--record` flag of the commands about one record (`share get`, `share edit`). */
import type { ArgsDef } from 'citty'

export const recordArg = {
  record: {
    type: 'string',
    description: 'Record id (see `svc-cli share query --app <id> -q`)',
    required: true,
    valueHint: 'recordId',
  },
} as const satisfies ArgsDef
