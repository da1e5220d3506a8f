/**
 * Migration 4's full-text row key, frozen: published_at in the high bits, the first 20 bits of the
 * article id (its first five hex digits) in the low bits. NEVER CHANGE THIS FILE
 * (store/migrations/README.md); the live writer's key is store/time-key.ts.
 */
export function timeKeyV4(publishedAtS: number, id: string): number {
  return publishedAtS * 2 ** 20 + Number.parseInt(id.slice(0, 5), 16)
}
