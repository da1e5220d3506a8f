/**
 * Syndicated copies: the same story under the same headline, with near-identical text, usually on
 * several hosts (wire copy, partner sites). `dupKey` is `<title hash>:<body simhash>`, both 16 hex
 * digits; copies share the title half exactly, so the store finds candidates with a range scan on
 * the key's prefix, and `isSameStory` decides on the body half (Hamming distance of the simhashes).
 */
import type { ExtractedArticle } from '../article.ts'
import { CREDIT_CUES } from './credit-lines.ts'
import { foldCase, wordTokens } from './tokens.ts'

export type DupInput = Pick<ExtractedArticle, 'title' | 'text'>

/**
 * Bodies differing in a byline, a dateline or a sentence mostly stay within this many of 64 bits;
 * a closing credit line is left out before hashing (withoutCreditLines), as it alone can exceed it.
 */
export const MAX_SIMHASH_DISTANCE = 10
/** Fewer word shingles than this and a body says too little to call two stories the same. */
const MIN_SHINGLES = 8
const SHINGLE_WORDS = 3
const BODY_MAX_CHARS = 2400
const BODY_MAX_TOKENS = 300
/** The simhash of a body too short to compare. */
const NO_BODY = '0000000000000000'

export function dupKey(a: DupInput): string {
  return `${titleHash(a.title)}:${bodySimhash(a.text)}`
}

/** The title half of a key: every copy of a story shares it. */
export function dupKeyTitle(key: string): string {
  const colon = key.indexOf(':')
  return colon < 0 ? key : key.slice(0, colon)
}

/** Whether two dup keys belong to the same syndicated story. */
export function isSameStory(a: string, b: string): boolean {
  const [titleA = '', bodyA = ''] = a.split(':')
  const [titleB = '', bodyB = ''] = b.split(':')
  if (titleA !== titleB || titleA === '') return false
  if (bodyA === NO_BODY || bodyB === NO_BODY) return false
  return simhashDistance(bodyA, bodyB) <= MAX_SIMHASH_DISTANCE
}

/** Hamming distance between two 16-hex-digit simhashes. */
export function simhashDistance(a: string, b: string): number {
  return (
    popcount32(parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) +
    popcount32(parseInt(a.slice(8, 16), 16) ^ parseInt(b.slice(8, 16), 16))
  )
}

function popcount32(x: number): number {
  let v = x >>> 0
  v -= (v >>> 1) & 0x55555555
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff
}

// A trailing " | Site", " - Site name" or " — Site" that some copies carry and others do not.
const SITE_SUFFIX_RE = /\s+[|\-–—:·•]\s+([^|\-–—:·•]{1,40})$/u
const SITE_SUFFIX_MAX_WORDS = 4
const TITLE_MIN_WORDS_LEFT = 4
/** Lower-case words a publisher's name may hold ("Tribuna de Tijuana", "The Times of India"). */
const NAME_CONNECTORS = new Set([
  'of',
  'the',
  'and',
  'de',
  'del',
  'la',
  'le',
  'el',
  'los',
  'las',
  'di',
  'da',
  'do',
  'du',
  'des',
  'der',
  'die',
  'das',
  'van',
  'von',
  'y',
  'e',
  'et',
  'i',
  'al',
  'am',
  'im',
  'für',
])
/** Wire annotations a copy appends or drops ("… - sources", "… - report"). */
const TITLE_ANNOTATIONS = new Set([
  'sources',
  'source',
  'report',
  'reports',
  'update',
  'updated',
  'updates',
  'live',
  'video',
  'photos',
  'analysis',
  'opinion',
  'exclusive',
  'breaking',
])
/** Scripts written without spaces between words: two characters weigh as one word. */
const UNSPACED_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu

const TITLE_MAX_CHARS = 1000

/** How many words a text holds, counting a run of an unspaced script by its characters. */
function wordWeight(folded: string): number {
  let weight = 0
  for (const token of wordTokens(folded)) {
    const unspaced = token.match(UNSPACED_RE)?.length ?? 0
    weight += unspaced === 0 ? 1 : Math.ceil(unspaced / 2) + (token.length > unspaced ? 1 : 0)
  }
  return weight
}

/**
 * Whether a title's tail reads as a publisher's name or a wire annotation rather than the rest of
 * the headline: no word starts lower case except name connectors and annotations ("Salzburg wartet auf Entscheidung – Thema ist
 * die Fernsehshow" keeps its tail; "… – Tribuna de Tijuana" and "… – 京都新聞" lose theirs).
 */
function isNameLike(tail: string): boolean {
  return tail
    .split(/\s+/u)
    .filter((w) => w !== '')
    .every((w) => !/^\p{Ll}/u.test(w) || NAME_CONNECTORS.has(w) || TITLE_ANNOTATIONS.has(w))
}

export function normalizedTitle(title: string): string {
  let t = title.slice(0, TITLE_MAX_CHARS).normalize('NFKC')
  const suffix = SITE_SUFFIX_RE.exec(t)
  if (suffix !== null) {
    const head = foldCase(t.slice(0, suffix.index))
    const tail = suffix[1] ?? ''
    if (
      wordTokens(foldCase(tail)).length <= SITE_SUFFIX_MAX_WORDS &&
      wordWeight(head) >= TITLE_MIN_WORDS_LEFT &&
      isNameLike(tail)
    )
      t = head
  }
  return wordTokens(foldCase(t)).join(' ')
}

function titleHash(title: string): string {
  const text = normalizedTitle(title)
  return hex32(fnv1a(text, 0x811c9dc5)) + hex32(fnv1a(text, 0x050c5d1f))
}

function fnv1a(text: string, seed: number): number {
  let h = seed
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** murmur3's finaliser: spreads a 32-bit value so every input bit moves every output bit. */
function mix32(x: number): number {
  let h = x >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

function hex32(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0')
}

/** Enough bits to count BODY_MAX_TOKENS shingles. */
const COUNTER_BITS = 10

function addToPlanes(planes: Uint32Array, word: number): void {
  let carry = word >>> 0
  for (let k = 0; k < COUNTER_BITS && carry !== 0; k++) {
    const plane = planes[k] as number
    planes[k] = plane ^ carry
    carry = plane & carry
  }
}

/** The 32-bit word whose bit b is set when more than half of `total` hashes had bit b set. */
function majorityBits(planes: Uint32Array, total: number): number {
  let out = 0
  for (let bit = 0; bit < 32; bit++) {
    let count = 0
    for (let k = 0; k < COUNTER_BITS; k++) count |= (((planes[k] as number) >>> bit) & 1) << k
    if (count * 2 > total) out |= 1 << bit
  }
  return out >>> 0
}

/** A closing paragraph longer than this is story text, whatever it mentions. */
const CREDIT_MAX_CHARS = 300
const CREDIT_CUE_PARTS: readonly (readonly string[])[] = Object.values(CREDIT_CUES).flatMap((cues) =>
  cues.map((cue) => cue.split('…')),
)

function isCreditLine(paragraph: string): boolean {
  const folded = foldCase(paragraph.normalize('NFKC')).replace(/\s+/gu, ' ')
  return CREDIT_CUE_PARTS.some((parts) => {
    let from = 0
    for (const part of parts) {
      const at = folded.indexOf(part, from)
      if (at < 0) return false
      from = at + part.length
    }
    return true
  })
}

/**
 * The body without the credit lines closing it ("This article first appeared in …", "Mit
 * Material von dpa"): a partner's copy adds one to the wire text, and on a short body its ten
 * words alone can move the simhash past MAX_SIMHASH_DISTANCE (a 165-word Spanish copy on the demo
 * archive sat at 11 bits). Only whole closing paragraphs go, never the last one standing.
 */
export function withoutCreditLines(text: string): string {
  let body = text.trimEnd()
  for (;;) {
    const lastBreak = body.lastIndexOf('\n')
    if (lastBreak < 0 || body.length - lastBreak > CREDIT_MAX_CHARS + 1) return body
    const head = body.slice(0, lastBreak).trimEnd()
    if (head === '' || !isCreditLine(body.slice(lastBreak + 1))) return body
    body = head
  }
}

/** 64-bit simhash over word 3-shingles of the body's opening, credit lines left out, as 16 hex digits. */
export function bodySimhash(text: string): string {
  const tokens = wordTokens(foldCase(withoutCreditLines(text).slice(0, BODY_MAX_CHARS)), BODY_MAX_TOKENS)
  const shingles = tokens.length - SHINGLE_WORDS + 1
  if (shingles < MIN_SHINGLES) return NO_BODY
  const hashes = tokens.map((t) => fnv1a(t, 0x811c9dc5))
  // How many shingle hashes have each bit set, kept as bit-sliced counters: plane k holds bit k
  // of all 32 counts at once, so adding a hash is a ripple-carry over the planes (≈2 steps on
  // average) instead of 32 separate increments.
  const loPlanes = new Uint32Array(COUNTER_BITS)
  const hiPlanes = new Uint32Array(COUNTER_BITS)
  for (let i = 0; i < shingles; i++) {
    const h = Math.imul(Math.imul(hashes[i] ?? 0, 31) + (hashes[i + 1] ?? 0), 31) + (hashes[i + 2] ?? 0)
    addToPlanes(loPlanes, mix32(h))
    addToPlanes(hiPlanes, mix32(h ^ 0x9e3779b9))
  }
  const lo = majorityBits(loPlanes, shingles)
  const hi = majorityBits(hiPlanes, shingles)
  const out = hex32(hi) + hex32(lo)
  // A real body whose bits all come out zero must not read as "no body".
  return out === NO_BODY ? '0000000000000001' : out
}

/**
 * Groups syndicated copies: maps every id to the id of its group's first member (in the order
 * given, so pass articles oldest first and the original names the group). Copies link when
 * `isSameStory` holds for any member already in the group (single linkage within one title).
 */
export function groupDuplicates(items: ReadonlyArray<{ id: string; dup_key: string }>): Map<string, string> {
  const groupOf = new Map<string, string>()
  const groupsByTitle = new Map<string, Array<{ group: string; keys: string[] }>>()
  for (const { id, dup_key } of items) {
    const candidates = groupsByTitle.get(dupKeyTitle(dup_key)) ?? []
    const match = candidates.find((g) => g.keys.some((k) => isSameStory(k, dup_key)))
    if (match === undefined) {
      candidates.push({ group: id, keys: [dup_key] })
      groupsByTitle.set(dupKeyTitle(dup_key), candidates)
      groupOf.set(id, id)
    } else {
      match.keys.push(dup_key)
      groupOf.set(id, match.group)
    }
  }
  return groupOf
}
