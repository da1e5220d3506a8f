/**
 * URL facts: the article's canonical URL (trusted only on the crawled host, ignoring `www.`),
 * host and TLD, and resolution of relative links against the page.
 */

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/\.$/, '')
  } catch {
    return ''
  }
}

/** Last label of the host; empty for an IP address or an empty host. */
export function tldOf(host: string): string {
  if (host === '' || host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return ''
  const dot = host.lastIndexOf('.')
  return dot === -1 ? host : host.slice(dot + 1)
}

/** `href` resolved against `base`, fragment dropped; empty when it is not an http(s) URL. */
export function resolveUrl(href: string, base: string): string {
  const trimmed = href.trim()
  if (trimmed === '' || trimmed.length > 4_000) return ''
  try {
    const url = new URL(trimmed, base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    url.hash = ''
    return url.href
  } catch {
    return ''
  }
}

/** The canonical candidate when it resolves onto the crawled host, else the crawled URI (without fragment). */
export function canonicalUrl(candidates: readonly string[], targetUri: string): string {
  const targetHost = hostOf(targetUri)
  for (const candidate of candidates) {
    const resolved = resolveUrl(candidate, targetUri)
    if (resolved !== '' && targetHost !== '' && hostOf(resolved) === targetHost) return resolved
  }
  return resolveUrl(targetUri, targetUri) || targetUri
}
