/**
 * The full-text index's row key: published_at in the high bits and 20 bits of the article id in
 * the low bits, so index order is (published_at, id) order. FTS5 can walk its rowids in either
 * direction and stop early, which makes date-sorted searches cost their page, not their matches.
 * Two articles of the same second whose id bits collide take the next free key (rare: the order
 * between those two then follows insertion).
 */
export const TIME_KEY_ID_BITS = 20

export function timeKey(publishedAtS: number, id: string): number {
  return publishedAtS * 2 ** TIME_KEY_ID_BITS + Number.parseInt(id.slice(0, 5), 16)
}

/** The smallest key of a second (for range bounds). */
export function timeKeyFloor(publishedAtS: number): number {
  return publishedAtS * 2 ** TIME_KEY_ID_BITS
}
