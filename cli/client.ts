/**
 * @module The one HTTP client of the CLI and the MCP server. Resolves which server, token
 * and timeout to use (flag > environment > stored config > default), sends requests,
 * unwraps `{code, data}` and turns `{code, error}` into CliError with the right exit code.
 * No request waits on a silent server longer than the timeout (timeout.ts).
 */
import { requestLine, type AnswerOf, type Described, type InputOf } from '../server/contract/api/request.ts'
import { routeOf } from '../server/contract/api/routes.ts'
import { APP_ID, appIdByName, namedAppError } from './app-ref.ts'
import { DEFAULT_SERVER, normalizeServer, readConfig } from './config.ts'
import { CliError, EXIT, notLoggedIn, usageError } from './errors.ts'
import {
  DEFAULT_TIMEOUT_SECONDS,
  idleLimited,
  idleWithin,
  timeoutError,
  timeoutSeconds,
  touchingBody,
} from './timeout.ts'

type Env = Record<string, string | undefined>

/** The routes of one app start with the app's own: their `:id` is the app (which `--app` may name by its name). */
const APP_PATH = routeOf('apps.get').path

export interface Connection {
  server: string
  token: string | null
  tokenSource: 'flag' | 'env' | 'config' | null
  /** How long to wait for the server to say something (default 30). */
  timeoutSeconds?: number
}

/** Applies the precedence rules; reads the stored config on every call (a login elsewhere counts). */
export function resolveConnection(flags: { server?: string; token?: string; timeout?: string }, env: Env): Connection {
  const timeout = timeoutSeconds(flags.timeout, env)
  const stored = readConfig(env)
  const rawServer = flags.server?.trim() || env.SVC_URL?.trim() || stored.current || DEFAULT_SERVER
  const server = normalizeServer(rawServer)
  const withToken = (token: string | null, tokenSource: Connection['tokenSource']): Connection => ({
    server,
    token,
    tokenSource,
    timeoutSeconds: timeout,
  })
  if (flags.token?.trim()) return withToken(flags.token.trim(), 'flag')
  if (env.SVC_TOKEN?.trim()) return withToken(env.SVC_TOKEN.trim(), 'env')
  const entry = stored.servers[server]
  return entry?.token ? withToken(entry.token, 'config') : withToken(null, null)
}

export interface RequestOptions {
  body?: unknown
  query?: Record<string, string | number | boolean | undefined>
  /** Send the access token (default). Public routes pass false. */
  auth?: boolean
  /** Overrides the connection's token (used by `auth login --token` to verify before storing). */
  token?: string
  headers?: Record<string, string>
  /** Abandons the request (and its body) when it fires: Ctrl-C during a stream that never ends by itself. */
  signal?: AbortSignal
}

/** How a call is sent beyond its input: without the token (public routes), with another token, extra headers. */
export type CallOptions = Omit<RequestOptions, 'body' | 'query'>

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export class SvcClient {
  constructor(
    readonly connection: Connection,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  get server(): string {
    return this.connection.server
  }

  /**
   * Calls operation `name` of the route table (server/contract/api): its path, input and
   * answer types come from there. Returns the envelope's `data`, or the top-level body
   * without `code` where the operation answers at the top level.
   */
  call<N extends Described>(name: N, input: InputOf<N>, options: CallOptions = {}): Promise<AnswerOf<N>> {
    return this.forApp(name, input, (line) =>
      this.request<AnswerOf<N>>(line.method, line.path, {
        ...options,
        query: Object.fromEntries(line.query),
        body: input.body,
      }),
    )
  }

  /** Calls operation `name` with a multipart body (`ingest.form` with files); the answer as `call` gives it. */
  callForm<N extends Described>(
    name: N,
    input: Omit<InputOf<N>, 'body'>,
    form: FormData,
    options: CallOptions = {},
  ): Promise<AnswerOf<N>> {
    return this.call(name, { ...input, body: form } as unknown as InputOf<N>, options)
  }

  /** Calls operation `name` whose answer is text (Markdown help, skills). */
  callText<N extends Described>(name: N, input: InputOf<N>, options: CallOptions = {}): Promise<string> {
    return this.forApp(name, input, (line) =>
      this.text(line.method, line.path, { ...options, query: Object.fromEntries(line.query) }),
    )
  }

  /** Calls operation `name` whose answer is a streamed download (the exports). */
  callDownload<N extends Described>(name: N, input: InputOf<N>, options: CallOptions = {}): Promise<Response> {
    return this.forApp(name, input, (line) =>
      this.download(line.path, { ...options, query: Object.fromEntries(line.query) }),
    )
  }

  /** App ids by the name they were given as, looked up once per client. */
  private readonly appIds = new Map<string, Promise<string>>()

  /**
   * Sends the request of operation `name`. In an operation on one app (`/apps/:id…`) the app
   * may be given by its name (app-ref.ts), looked up at this first request; an app the server
   * does not know comes back named, with where to find the right one.
   */
  private async forApp<N extends Described, R>(
    name: N,
    input: InputOf<N>,
    send: (line: ReturnType<typeof requestLine>) => Promise<R>,
  ): Promise<R> {
    const line = requestLine(name, input)
    // `--app ""` (an unset $APP) would make /api/v3/apps//share: say so instead of asking the server.
    if (/\/\/|\/$/.test(line.path)) {
      throw usageError(
        `An id is empty in ${line.method} ${line.path}: a flag such as --app was given an empty value (an unset shell variable?)`,
      )
    }
    const params = (input as { params?: Record<string, string> }).params
    const given = params?.id
    if (given === undefined || !routeOf(name).path.startsWith(APP_PATH)) return send(line)
    let id = given.trim()
    if (!APP_ID.test(id)) {
      let lookup = this.appIds.get(given)
      if (!lookup) {
        lookup = appIdByName(given, this)
        this.appIds.set(given, lookup)
      }
      id = await lookup
    }
    try {
      return await send(requestLine(name, { ...input, params: { ...params, id } } as InputOf<N>))
    } catch (error) {
      throw namedAppError(error, given)
    }
  }

  /** A request whose JSON reply is `{code, data}` (returns data) or a top-level list (returns it without `code`). */
  private async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.send(method, path, options)
    const text = await response.text()
    const body = parseJson(text)
    if (!response.ok) throw errorFrom(response.status, body, text, `${method} ${path}`)
    if (body === undefined) {
      throw new CliError(
        'bad_response',
        `${this.server} answered ${method} ${path} with something that is not JSON; is --server pointing at svc?`,
      )
    }
    if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data
    const { code: _code, ...rest } = body as Record<string, unknown>
    return rest as T
  }

  /** A request whose reply is read as text (Markdown help, skills); errors still become CliError. */
  private async text(method: string, path: string, options: RequestOptions = {}): Promise<string> {
    const response = await this.send(method, path, options)
    const text = await response.text()
    if (!response.ok) throw errorFrom(response.status, parseJson(text), text, `${method} ${path}`)
    return text
  }

  /** A streamed download; the caller reads `response.body` (each read waits at most the timeout). */
  private async download(path: string, options: RequestOptions = {}): Promise<Response> {
    const response = await this.send('GET', path, options)
    if (!response.ok) {
      const text = await response.text()
      throw errorFrom(response.status, parseJson(text), text, `GET ${path}`)
    }
    return response
  }

  /**
   * The error for a call that needs a token when there is none: "not logged in" when the
   * server answers, but "could not reach" when it does not (a mistyped --server is not a
   * missing login). Asks the public health route once, within the timeout.
   */
  private async withoutToken(): Promise<CliError> {
    const health = requestLine('health.get', {})
    try {
      const response = await this.send(health.method, health.path, { auth: false })
      await response.body?.cancel()
      return notLoggedIn(this.server)
    } catch (error) {
      if (error instanceof CliError) return error
      throw error
    }
  }

  /** The request, answered within the timeout, its body limited to the timeout per read. */
  private async send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const url = new URL(`${this.server}${path}`)
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value))
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
    if (options.auth !== false) {
      const token = options.token ?? this.connection.token
      if (!token) throw await this.withoutToken()
      headers.authorization = `Bearer ${token}`
    }
    let body: string | FormData | undefined
    // A multipart form (share post --file): fetch writes its boundary and Content-Type.
    if (options.body instanceof FormData) body = options.body
    else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const seconds = this.connection.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS
    // The request as an error names it, with its query (`GET /api/v3/apps?limit=1000`).
    const request = `${method} ${url.pathname}${url.search}`
    const abort = new AbortController()
    options.signal?.addEventListener('abort', () => abort.abort(), { once: true })
    let response: Response
    try {
      response = await idleWithin(
        (touch) => {
          if (!(body instanceof FormData)) return this.fetchImpl(url, { method, headers, body, signal: abort.signal })
          // A form with files streams as the connection takes it: each chunk sent is progress,
          // so a large file on a slow line is never cut off, and a stalled upload still is.
          const encoded = new Request(url, { method, body })
          headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data'
          const stream = encoded.body ? touchingBody(encoded.body, touch) : null
          return this.fetchImpl(url, {
            method,
            headers,
            body: stream,
            signal: abort.signal,
            duplex: 'half',
          } as RequestInit)
        },
        seconds * 1000,
        () => {
          abort.abort()
          return timeoutError(this.server, request, seconds)
        },
      )
    } catch (error) {
      if (error instanceof CliError) throw error
      throw new CliError(
        'unreachable',
        `Could not reach svc at ${this.server} (${(error as Error).message}). Start it with \`svc-cli serve\`, or point to it with --server or SVC_URL.`,
        EXIT.error,
        { server: this.server },
      )
    }
    if (!response.body) return response
    const limited = idleLimited(response.body, seconds * 1000, (bytes) => {
      abort.abort()
      return timeoutError(this.server, request, seconds, bytes)
    })
    return new Response(limited, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Maps an HTTP error reply to CliError; 401 exits 4 with the way to log in. */
function errorFrom(status: number, body: unknown, text: string, what: string): CliError {
  const error = (body as { error?: { type?: string; message?: string; details?: unknown } } | undefined)?.error
  const type = error?.type ?? (status === 404 ? 'not_found' : 'http_error')
  const message =
    error?.message ?? `${what} failed with HTTP ${status}${text && !body ? `: ${text.slice(0, 200)}` : ''}`
  // The password was not enough: `svc-cli auth login` asks for the mailed code (or says to pass --code).
  if (type === 'code_required') return new CliError(type, message, EXIT.auth, error?.details)
  // An expired token's message already says how to get a new one.
  if (type === 'token_expired') return new CliError(type, message, EXIT.auth, error?.details)
  if (status === 401) {
    return new CliError(
      'unauthorized',
      `${message}. Log in again with \`svc-cli auth login\`, or set SVC_TOKEN to a valid access token.`,
      EXIT.auth,
      error?.details,
    )
  }
  return new CliError(type, message, EXIT.error, error?.details)
}
