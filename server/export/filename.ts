/**
 * @module The download name of an export: an ASCII-safe `filename` for old clients and the
 * app's real name as RFC 5987 `filename*`, so no quote, slash or newline in an app name
 * can break the header or point outside the downloads folder.
 */

/** `Content-Disposition` for an export of the app named `appName`. */
export function attachmentHeader(appName: string, extension: string): string {
  const slug = appName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase()
  const ascii = `${slug || 'app'}-records.${extension}`
  const cleaned = appName.replace(/[\u0000-\u001f\u007f/\\]+/g, ' ').trim() || 'app'
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${cleaned} records.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
}
