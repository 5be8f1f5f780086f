/**
 * @module The e-mail domains a record names (any value that looks like an address, e-mail
 * fields included) and whether one is blocked: by the owner's list (subdomains too) or by
 * the disposable-mail list of the `disposable-email-domains` package.
 */
import disposable from 'disposable-email-domains/index.json' with { type: 'json' }

/** Loaded on first use: a few thousand domains. */
let disposableSet: Set<string> | null = null

/** The domains of the e-mail addresses in `text`, lower case, each once. */
export function emailDomains(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(/[^\s@<>()[\]",;:]@([a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)/gi))
    found.add(match[1].toLowerCase())
  return [...found]
}

/** `domain` and the domains it is under (`a.b.example.net` → itself, `b.example.net`, `example.net`, `net`). */
function selfAndParents(domain: string): string[] {
  const labels = domain.split('.')
  return labels.map((_, index) => labels.slice(index).join('.'))
}

/** Whether `domain` is one of `blocked` or under one. */
export const blockedDomain = (domain: string, blocked: readonly string[]): boolean =>
  selfAndParents(domain).some((name) => blocked.includes(name))

/** Whether `domain` (or a domain it is under) is on the disposable-mail list. */
export function disposableDomain(domain: string): boolean {
  disposableSet ??= new Set(disposable as string[])
  const set = disposableSet
  return selfAndParents(domain).some((name) => set.has(name))
}
