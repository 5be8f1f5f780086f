/** @module How an app's unlisted keys read in a terminal, below its field table (`field list`). */
import { table, type Style } from '../../output.ts'
import type { UnlistedKey } from '../../../server/contract/api/fields.ts'
import { asProgram } from '../../program.ts'

/** The unlisted keys as a table with how to adopt them; nothing when there are none. */
export const unlistedSection = (keys: UnlistedKey[]) => (style: Style) =>
  keys.length === 0
    ? ''
    : `\n\nUnlisted keys (stored in records, on no public page; past the proposal budgets):\n${table(
        style,
        keys,
        {
          name: (key) => key.name,
          records: (key) => key.count,
          'first seen': (key) => key.firstSeen,
          'last seen': (key) => key.lastSeen,
        },
        '',
      )}\n${asProgram('Adopt one as a field with: svc-cli field accept --app <appId> <name>…', style.program)}`
