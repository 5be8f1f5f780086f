/**
 * @module A small levelled logger writing one line per event. The server passes it
 * through the context; nothing else prints.
 */
import type { LogLevel } from '../config.ts'

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void
  info(message: string, extra?: Record<string, unknown>): void
  warn(message: string, extra?: Record<string, unknown>): void
  error(message: string, extra?: Record<string, unknown>): void
}

/** Where log lines go; tests pass an array-backed sink to read them. */
export type LogSink = (level: Exclude<LogLevel, 'silent'>, line: string) => void

const stderrSink: LogSink = (_level, line) => process.stderr.write(`${line}\n`)

/** A logger that drops events below `level` and formats the rest as `time LEVEL message {extra}`. */
export function createLogger(level: LogLevel, sink: LogSink = stderrSink): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, extra?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return
    const tail = extra && Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : ''
    sink(at, `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${tail}`)
  }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}
