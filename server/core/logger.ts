/**
 * @module A small levelled logger writing one line per event, as text for a person
 * (`time LEVEL message {extra}`) or as one JSON object for a log shipper (SVC_LOG_FORMAT=json:
 * `{"time", "level", "msg", ...extra}`). The server passes it through the context; nothing
 * else prints.
 */
import type { LogFormat, LogLevel } from '../config.ts'

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void
  info(message: string, extra?: Record<string, unknown>): void
  warn(message: string, extra?: Record<string, unknown>): void
  error(message: string, extra?: Record<string, unknown>): void
  /** True when lines at `level` are written (callers skip building a line nobody reads). */
  writes?(level: Exclude<LogLevel, 'silent'>): boolean
}

/** Where log lines go; tests pass an array-backed sink to read them. */
export type LogSink = (level: Exclude<LogLevel, 'silent'>, line: string) => void

const stderrSink: LogSink = (_level, line) => process.stderr.write(`${line}\n`)

/** A logger that drops events below `level` and formats the rest as text, or as JSON lines. */
export function createLogger(level: LogLevel, sink: LogSink = stderrSink, format: LogFormat = 'text'): Logger {
  const writes = (at: Exclude<LogLevel, 'silent'>) => ORDER[at] >= ORDER[level]
  const line =
    format === 'json'
      ? (at: string, message: string, extra?: Record<string, unknown>) =>
          JSON.stringify({ time: new Date().toISOString(), level: at, msg: message, ...extra })
      : (at: string, message: string, extra?: Record<string, unknown>) => {
          const tail = extra && Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : ''
          return `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${tail}`
        }
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, extra?: Record<string, unknown>) => {
    if (writes(at)) sink(at, line(at, message, extra))
  }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error'), writes }
}
