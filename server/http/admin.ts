/**
 * @module The admin page: the files `bun build` wrote to admin/dist (by `npm start`'s
 * prestart, `npm run build:admin`, or into the executable by `npm run build:exe`), served
 * at /admin/ under a strict Content-Security-Policy (own scripts and styles only, no
 * inline code, no framing). `/` sends people to /admin/. Nothing is built here: a missing
 * build is a 500 that says how to make one.
 *
 * | GET | /          | 302 → /admin/ |
 * | GET | /admin/    | index.html (no-cache) |
 * | GET | /admin/:f  | a built asset (hashed name, cached for a year) |
 *
 * Text files go out Brotli- or gzip-compressed when the browser accepts it, from the
 * copies the build wrote beside them (admin/build.ts compressAssets): nothing is
 * compressed per request.
 */
import { Elysia } from 'elysia'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import { embeddedPath } from '../embedded.ts'
import { errorResponse } from './errors.ts'

/** The admin page's policy: everything from our own origin, nothing inline, never framed. */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The checkout's admin/dist. In the server bundle (dist/server/main.js) this still names the
 * checkout's folder: Bun writes the source file's URL into a CommonJS bundle in place of
 * import.meta.url (server/db/sqlite/migrate.ts finds drizzle/ the same way).
 */
const CHECKOUT_DIST = fileURLToPath(new URL('../../admin/dist/', import.meta.url))

/** Built file names are flat and hashed (`index-e48gdads.js`); nothing else is served. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

function contentType(name: string): string {
  const dot = name.lastIndexOf('.')
  return TYPES[name.slice(dot)] ?? 'application/octet-stream'
}

export interface AdminOptions {
  /** Folder of the built page (tests keep theirs in a temp folder). */
  distDir?: string
}

/** Serves the built admin page (`options`, else SVC_ADMIN_DIR, else the executable's own, else admin/dist) and the `/` redirect. */
export function adminRoutes(ctx: AppContext, options: AdminOptions = {}) {
  const distDir = options.distDir ?? ctx.config.adminDir ?? embeddedPath('admin') ?? CHECKOUT_DIST

  async function serve(
    name: string,
    headers: Record<string, string>,
    acceptEncoding: string | null,
  ): Promise<Response> {
    if (!ASSET_NAME.test(name))
      return errorResponse(404, 'not_found', `No admin file named ${JSON.stringify(name)}`, undefined, headers)
    const file = Bun.file(join(distDir, name))
    if (!(await file.exists())) {
      if (name === 'index.html') {
        // `internal` is a 500 (server/contract/errors.ts): the server was started without its page.
        return errorResponse(
          500,
          'internal',
          'The admin page is not built; run `npm run build:admin`',
          undefined,
          headers,
        )
      }
      return errorResponse(404, 'not_found', `No admin file named ${JSON.stringify(name)}`, undefined, headers)
    }
    const isIndex = name === 'index.html'
    const encoded = await precompressed(distDir, name, acceptEncoding)
    return new Response(encoded?.file ?? file, {
      headers: {
        ...headers,
        ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
        // Caches keep one copy per encoding (a copy without the header is the same for everyone).
        ...(encoded !== undefined ? { vary: 'accept-encoding' } : {}),
        'content-type': contentType(name),
        'content-security-policy': ADMIN_CSP,
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
        // index.html names the hashed bundles, so it must be revalidated; the bundles never change.
        'cache-control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
      },
    })
  }

  return new Elysia({ name: 'svc/admin' })
    .get(pathOf('pages.home'), ({ redirect }) => redirect('/admin/', 302))
    .get(pathOf('pages.admin'), ({ request, set, redirect }) => {
      // Relative asset URLs in index.html only resolve under /admin/ with the slash.
      if (!new URL(request.url).pathname.endsWith('/')) return redirect('/admin/', 301)
      return serve('index.html', set.headers as Record<string, string>, request.headers.get('accept-encoding'))
    })
    .get(pathOf('pages.adminAsset'), ({ params, request, set }) =>
      serve(safeDecode(params['*']), set.headers as Record<string, string>, request.headers.get('accept-encoding')),
    )
}

/** Encodings the build writes copies in, best first, with the copies' suffix. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

/** The encodings `accept` (an Accept-Encoding header) allows; `q=0` refuses one. */
function accepted(accept: string | null): Set<string> {
  const out = new Set<string>()
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param))) continue
    if (name) out.add(name.trim())
  }
  return out
}

/**
 * The compressed copy of `name` to send for `accept`: a file and its encoding; null when
 * there are copies but none is accepted; undefined when the file has none (not text).
 */
async function precompressed(
  dir: string,
  name: string,
  accept: string | null,
): Promise<{ file: ReturnType<typeof Bun.file>; encoding: string } | null | undefined> {
  let any = false
  const allowed = accepted(accept)
  for (const { encoding, suffix } of ENCODINGS) {
    const copy = Bun.file(join(dir, `${name}${suffix}`))
    if (!(await copy.exists())) continue
    any = true
    if (allowed.has(encoding) || allowed.has('*')) return { file: copy, encoding }
  }
  return any ? null : undefined
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
