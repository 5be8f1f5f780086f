/**
 * @module The server's secret key: SVC_SECRET, or a key generated once into
 * `<data dir>/secret.key` (mode 0600) and reused on later starts.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { newSecretKey } from './core/sealer.ts'
import type { Config } from './config.ts'
import { narrow, PRIVATE_FILE_MODE, privateFolder } from './db/private-files.ts'

export function loadSecret(config: Config): string {
  if (config.secret) return config.secret
  const file = join(config.dataDir, 'secret.key')
  if (existsSync(file)) {
    narrow(file, PRIVATE_FILE_MODE)
    return readFileSync(file, 'utf8').trim()
  }
  privateFolder(config.dataDir)
  const key = newSecretKey()
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return key
}
