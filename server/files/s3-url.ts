/**
 * @module SVC_FILES_URL, the address of an S3-compatible bucket for file bytes: parsed and
 * checked once, for the configuration, with errors that say what to fix. Pure (no client),
 * so the configuration can load it without Bun's S3 client.
 *
 * The form (the bucket is the host, as in `aws s3` paths; the credentials are the user info):
 *
 * ```
 * s3://<access key id>:<secret access key>@<bucket>[/<key prefix>]?endpoint=<http(s) URL>&region=<region>
 * ```
 *
 * - The credentials are percent-encoded (an AWS secret's `/` is `%2F`, `+` is `%2B`). Without
 *   them in the URL they come from S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (with
 *   S3_SESSION_TOKEN), else AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (with AWS_SESSION_TOKEN).
 * - `endpoint`: the service's URL (MinIO `http://127.0.0.1:9000`, Cloudflare R2
 *   `https://<account>.r2.cloudflarestorage.com`, …); without it, AWS S3 of `region`.
 * - `region`: `us-east-1` unless given (R2 takes `auto`).
 * - The key prefix, when given, puts every key under it (`s3://…@shared-bucket/svc`), so svc
 *   can share a bucket. Requests address the bucket by path (`<endpoint>/<bucket>/<key>`),
 *   which every S3-compatible service answers.
 *
 * Example: `s3://AKIA…:wJalr…%2Fbx@svc-files?endpoint=https://s3.eu-central-1.amazonaws.com&region=eu-central-1`
 */

/** Where the S3 store keeps its blobs, as SVC_FILES_URL names it. */
export interface S3Location {
  bucket: string
  /** Put before every key, without a trailing slash; empty for the bucket's root. */
  prefix: string
  /** The service URL, or null for AWS S3 of `region`. */
  endpoint: string | null
  region: string
  accessKeyId: string
  secretAccessKey: string
  sessionToken: string | null
}

/** SVC_FILES_URL does not name a bucket svc can use; the message says why, never the secret. */
export class FilesUrlError extends Error {
  override name = 'FilesUrlError'
}

const PARAMS = new Set(['endpoint', 'region'])
/** S3's bucket naming rules: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const REGION = /^[a-z0-9-]{1,32}$/
const FORM = 's3://<access key id>:<secret>@<bucket>[/<prefix>]?endpoint=<url>&region=<region>'

/** Parses SVC_FILES_URL (see the module comment); `env` supplies credentials the URL leaves out. */
export function parseFilesUrl(
  text: string,
  env: Record<string, string | undefined> = {},
  name = 'SVC_FILES_URL',
): S3Location {
  const fail = (why: string): never => {
    throw new FilesUrlError(`${name} ${why} (form: ${FORM})`)
  }
  if (!text.startsWith('s3://')) fail('must start with s3://')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return fail('is not a URL')
  }
  const bucket = url.hostname
  if (!BUCKET.test(bucket)) fail(`must name a bucket as its host (3-63 of a-z 0-9 . -), got "${bucket}"`)
  if (url.port) fail('takes the service address as ?endpoint=, not as a port on the bucket')
  if (url.hash) fail('has a #fragment')
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name)) fail(`has an unknown parameter "${name}" (known: endpoint, region)`)
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '')
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..') || /\/\/|\\/.test(prefix)) {
    fail(`has a key prefix that is not plain segments: "${prefix}"`)
  }
  const endpoint = url.searchParams.get('endpoint')
  if (endpoint !== null && !/^https?:\/\/[^/?#\s]+\/?$/.test(endpoint)) {
    fail(`endpoint must be an http(s) URL with no path, got "${endpoint}"`)
  }
  const region = url.searchParams.get('region') ?? 'us-east-1'
  if (!REGION.test(region)) fail(`region must be a region name such as us-east-1, got "${region}"`)
  const credentials = credentialsOf(url, env, name)
  if (!credentials) {
    return fail(
      'has no credentials: put them in the URL, or set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    )
  }
  return { bucket, prefix, endpoint: endpoint?.replace(/\/$/, '') ?? null, region, ...credentials }
}

/** The key pair of the URL, else of the environment; null when neither has a whole pair. */
function credentialsOf(url: URL, env: Record<string, string | undefined>, name: string) {
  if (url.username || url.password) {
    const accessKeyId = safeDecode(url.username)
    const secretAccessKey = safeDecode(url.password)
    if (!accessKeyId || !secretAccessKey) {
      throw new FilesUrlError(`${name} must give both the access key id and the secret (key:secret@bucket)`)
    }
    return { accessKeyId, secretAccessKey, sessionToken: null }
  }
  for (const scheme of ['S3', 'AWS']) {
    const accessKeyId = env[`${scheme}_ACCESS_KEY_ID`]
    const secretAccessKey = env[`${scheme}_SECRET_ACCESS_KEY`]
    if (accessKeyId && secretAccessKey) {
      return { accessKeyId, secretAccessKey, sessionToken: env[`${scheme}_SESSION_TOKEN`] || null }
    }
  }
  return null
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    throw new FilesUrlError('SVC_FILES_URL has credentials that are not valid percent-encoding')
  }
}

/** The location for logs and the summary: bucket, prefix and service, never the credentials. */
export function describeLocation(location: S3Location): string {
  const where = location.prefix ? `${location.bucket}/${location.prefix}` : location.bucket
  return `s3://${where} at ${location.endpoint ?? `AWS S3 ${location.region}`}`
}
