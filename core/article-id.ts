import { createHash } from 'node:crypto'

/** Stable article id: the first 16 hex digits of SHA-256 over the canonical URL. */
export function articleId(canonicalUrl: string): string {
  return createHash('sha256').update(canonicalUrl).digest('hex').slice(0, 16)
}
