/**
 * @module The command tree's top level. A module is a folder with a lazy index.ts; adding
 * one (scale, connect, report, expert, smart) is one line here.
 */
import type { CommandDef } from 'citty'

export const MODULES: Record<string, () => Promise<CommandDef<any>>> = {
  auth: () => import('./auth/index.ts').then((m) => m.default),
  app: () => import('./app/index.ts').then((m) => m.default),
  field: () => import('./field/index.ts').then((m) => m.default),
  share: () => import('./share/index.ts').then((m) => m.default),
  profile: () => import('./profile/index.ts').then((m) => m.default),
  scale: () => import('./scale/index.ts').then((m) => m.default),
  report: () => import('./report/index.ts').then((m) => m.default),
  expert: () => import('./expert/index.ts').then((m) => m.default),
  connect: () => import('./connect/index.ts').then((m) => m.default),
  smart: () => import('./smart/index.ts').then((m) => m.default),
  snapshot: () => import('./snapshot.ts').then((m) => m.default),
  skill: () => import('./skill.ts').then((m) => m.default),
  serve: () => import('./serve.ts').then((m) => m.default),
  backup: () => import('./backup.ts').then((m) => m.default),
  restore: () => import('./restore.ts').then((m) => m.default),
  mcp: () => import('./mcp.ts').then((m) => m.default),
  completion: () => import('./completion.ts').then((m) => m.default),
}

/**
 * Top-level commands that the MCP server's svc_exec must never run (completion: of no use to
 * an agent; backup and restore: they read and write files on this machine).
 */
export const NOT_FOR_EXEC = new Set(['auth', 'serve', 'mcp', 'completion', 'backup', 'restore'])
