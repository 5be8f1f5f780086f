/**
 * @module Where a CLI run reads and writes: the real process, or buffers (tests, and the
 * MCP server running commands in-process). Commands never touch `process` directly.
 */
import { createInterface } from 'node:readline'
import type { Fetch } from './client.ts'

export interface Writer {
  isTTY: boolean
  write(chunk: string | Uint8Array): void | Promise<void>
}

export interface Io {
  env: Record<string, string | undefined>
  stdout: Writer
  stderr: Writer
  stdin: { isTTY: boolean; read(): Promise<string> }
  /** Present only when a person can answer (stdin and stderr are terminals). */
  prompt?: (question: string, secret: boolean) => Promise<string>
  fetch?: Fetch
  /** Calls `listener` on Ctrl-C (SIGINT) instead of exiting, until the returned function is called. */
  onInterrupt?: (listener: () => void) => () => void
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/** Reads a line from the terminal; with `secret`, nothing is echoed (raw mode). */
function terminalPrompt(question: string, secret: boolean): Promise<string> {
  const stdin = process.stdin
  if (!secret) {
    const rl = createInterface({ input: stdin, output: process.stderr })
    return new Promise((resolve) => rl.question(question, (answer) => (rl.close(), resolve(answer))))
  }
  process.stderr.write(question)
  return new Promise((resolve, reject) => {
    let value = ''
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding('utf8')
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done()
          return resolve(value)
        }
        if (char === '\u0003') {
          done()
          return reject(Object.assign(new Error('Interrupted'), { interrupted: true }))
        }
        value = char === '\u007f' || char === '\b' ? value.slice(0, -1) : value + char
      }
    }
    const done = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
    }
    stdin.on('data', onData)
  })
}

/** The real process's streams. */
export function processIo(): Io {
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY)
  return {
    env: process.env,
    stdout: { isTTY: Boolean(process.stdout.isTTY), write: (chunk) => void process.stdout.write(chunk) },
    stderr: { isTTY: Boolean(process.stderr.isTTY), write: (chunk) => void process.stderr.write(chunk) },
    stdin: { isTTY: Boolean(process.stdin.isTTY), read: () => readAll(process.stdin) },
    prompt: interactive ? terminalPrompt : undefined,
    onInterrupt(listener) {
      process.on('SIGINT', listener)
      return () => void process.off('SIGINT', listener)
    },
  }
}

export interface BufferedIo extends Io {
  out(): string
  err(): string
}

/** An Io that captures output; `stdin` is the given text. A given `prompt` stands for a person at a terminal. */
export function bufferedIo(env: Record<string, string | undefined>, options: { stdin?: string; prompt?: Io['prompt']; fetch?: Fetch } = {}): BufferedIo {
  const out: Uint8Array[] = []
  const err: string[] = []
  const encoder = new TextEncoder()
  return {
    env,
    stdout: { isTTY: false, write: (chunk) => void out.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk) },
    stderr: { isTTY: Boolean(options.prompt), write: (chunk) => void err.push(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk)) },
    stdin: { isTTY: Boolean(options.prompt), read: async () => options.stdin ?? '' },
    prompt: options.prompt,
    fetch: options.fetch,
    out: () => Buffer.concat(out).toString('utf8'),
    err: () => err.join(''),
  }
}
