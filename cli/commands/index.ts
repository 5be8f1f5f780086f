/**
 * @module The command tree's top level: svc-cli itself (ROOT) and its modules, each loaded
 * by name only when it runs. A module is a folder with a lazy index.ts; adding one (scale,
 * connect, report, expert, smart) is one line here.
 */
import type { CommandDef } from 'citty'
import { VERSION } from '../../server/contract/version.ts'

export const MODULES: Record<string, () => Promise<CommandDef>> = {
  auth: () => import('./auth/index.ts').then((m) => m.default),
  app: () => import('./app/index.ts').then((m) => m.default),
  field: () => import('./field/index.ts').then((m) => m.default),
  share: () => import('./share/index.ts').then((m) => m.default),
  records: () => import('./records/index.ts').then((m) => m.default),
  profile: () => import('./profile/index.ts').then((m) => m.default),
  scale: () => import('./scale/index.ts').then((m) => m.default),
  report: () => import('./report/index.ts').then((m) => m.default),
  expert: () => import('./expert/index.ts').then((m) => m.default),
  connect: () => import('./connect/index.ts').then((m) => m.default),
  smart: () => import('./smart/index.ts').then((m) => m.default),
  audit: () => import('./audit/index.ts').then((m) => m.default),
  snapshot: () => import('./snapshot.ts').then((m) => m.default),
  skill: () => import('./skill.ts').then((m) => m.default),
  serve: () => import('./serve.ts').then((m) => m.default),
  backup: () => import('./backup.ts').then((m) => m.default),
  restore: () => import('./restore.ts').then((m) => m.default),
  mcp: () => import('./mcp.ts').then((m) => m.default),
  completion: () => import('./completion.ts').then((m) => m.default),
}

/** svc-cli: the root of the command tree that the binary walks (run.ts) and hands to the commands it runs. */
export const ROOT: CommandDef = {
  meta: {
    name: 'svc-cli',
    version: VERSION,
    description: 'Collect records through svc endpoints and manage apps, fields and sharing',
  },
  subCommands: MODULES,
}
