/**
 * @module What `backup` and `restore` share: they act on the server's own files on this
 * machine (not through the HTTP API), so they read the server's configuration (SVC_DATA_DIR,
 * DATABASE_URL) and load server/backup/restore.ts only when run.
 */
import type { ArgsDef } from 'citty'
import type { Config } from '../../server/config.ts'
import type { CommandEnv } from '../command.ts'
import { CliError, EXIT, usageError } from '../errors.ts'

export const dataDirArg = {
  'data-dir': {
    type: 'string',
    description: "The server's data folder (else SVC_DATA_DIR, else ./data)",
    valueHint: 'dir',
  },
} as const satisfies ArgsDef

/** Runs `work` with the server's backup functions and its configuration; their refusals become CLI errors. */
export async function withServerFiles<T>(
  env: CommandEnv,
  dataDir: string | undefined,
  work: (backups: typeof import('../../server/backup/restore.ts'), config: Config) => T,
): Promise<T> {
  const [backups, { ConfigError, loadConfig }] = await Promise.all([
    import('../../server/backup/restore.ts'),
    import('../../server/config.ts'),
  ])
  let config: Config
  try {
    config = loadConfig({ ...env.io.env, ...(dataDir ? { SVC_DATA_DIR: dataDir } : {}) })
  } catch (error) {
    if (error instanceof ConfigError) throw usageError(error.message)
    throw error
  }
  try {
    return work(backups, config)
  } catch (error) {
    if (error instanceof backups.BackupError) throw new CliError(error.type, error.message, EXIT.error)
    throw error
  }
}
