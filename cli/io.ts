/**
 * @module Where a CLI run reads and writes: the real process, or buffers (tests, and the
 * MCP server running commands in-process). Commands never touch `process` directly.
 */
import { createInterface } from 'node:readline'
import type { Fetch } from './client.ts'
import { CliError, OutputClosed } from './errors.ts'
import { CLI_NAME, programName } from './program.ts'

export interface Writer {
  isTTY: boolean
  /**
   * Writes a chunk; a promise means "wait before writing more" (the reader is slower).
   * Throws OutputClosed once the reader has gone (`| head`).
   */
  write(chunk: string | Uint8Array): void | Promise<void>
}

export interface Io {
  env: Record<string, string | undefined>
  /** The name this run was started by, for hints and help (program.ts): `svc-cli`, or the executable's own name. */
  program: string
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
    return new Promise((resolve) =>
      rl.question(question, (answer) => {
        rl.close()
        resolve(answer)
      }),
    )
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

/**
 * A process stream as a Writer that waits for `drain` (so a streamed export never piles up
 * in memory). When the reader goes away (EPIPE: `| head`) stdout throws OutputClosed, which
 * ends the run quietly with exit 0 instead of Bun's stack dump and exit 1; another write
 * error (a full disk) is a failure naming the cause. stderr is only written when it can be.
 */
export function streamWriter(stream: NodeJS.WriteStream, name: 'stdout' | 'stderr'): Writer {
  let failure: Error | undefined
  const waiters = new Set<() => void>()
  stream.on('error', (error: NodeJS.ErrnoException) => {
    failure =
      error.code === 'EPIPE'
        ? new OutputClosed()
        : new CliError('output_failed', `Could not write to ${name}: ${error.message}`)
    for (const wake of waiters) wake()
  })
  const ended = () => {
    if (failure && name === 'stdout') throw failure
  }
  return {
    isTTY: Boolean(stream.isTTY),
    write(chunk) {
      ended()
      if (failure || stream.write(chunk)) return
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          waiters.delete(wake)
          stream.off('drain', wake)
          try {
            ended()
            resolve()
          } catch (error) {
            reject(error)
          }
        }
        waiters.add(wake)
        stream.once('drain', wake)
      })
    },
  }
}

/** The real process's streams. */
export function processIo(): Io {
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY)
  return {
    env: process.env,
    program: programName(),
    stdout: streamWriter(process.stdout, 'stdout'),
    stderr: streamWriter(process.stderr, 'stderr'),
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

/**
 * An Io that captures output; `stdin` is the given text. A given `prompt` stands for a
 * person at a terminal (stdin and stderr are terminals); `stdoutTTY` makes stdout one too;
 * `program` is the name the run was started by (default `svc-cli`).
 */
export function bufferedIo(
  env: Record<string, string | undefined>,
  options: { stdin?: string; prompt?: Io['prompt']; fetch?: Fetch; stdoutTTY?: boolean; program?: string } = {},
): BufferedIo {
  const out: Uint8Array[] = []
  const err: string[] = []
  const encoder = new TextEncoder()
  return {
    env,
    program: options.program ?? CLI_NAME,
    stdout: {
      isTTY: Boolean(options.stdoutTTY),
      write: (chunk) => void out.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
    },
    stderr: {
      isTTY: Boolean(options.prompt),
      write: (chunk) => void err.push(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk)),
    },
    stdin: { isTTY: Boolean(options.prompt), read: async () => options.stdin ?? '' },
    prompt: options.prompt,
    fetch: options.fetch,
    out: () => Buffer.concat(out).toString('utf8'),
    err: () => err.join(''),
  }
}
