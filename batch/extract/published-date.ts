/**
 * Which of the dates a page states is its publication date, as ISO 8601 UTC with its source.
 * Order (measured on the fundus fixtures): JSON-LD datePublished, article:published_time and its
 * variants, `<time datetime>` / microdata, other meta names (date, pubdate, dc.date, sailthru.date,
 * parsely-pub-date…, modified times last), then a date in the URL, then the WARC date.
 */
import { PUBLISHED_AFTER_CRAWL_MAX_S } from '../../core/article.ts'
import type { DateSource } from '../../core/article.ts'
import { parseDate, parseUrlDate, type ParsedDate } from './dates.ts'
import type { JsonLdFacts } from './json-ld.ts'
import { allMetas, type PageMeta } from './page-meta.ts'

const PUBLISHED_META_KEYS = [
  'article:published_time',
  'article:published:time',
  'og:published_time',
  'article:published',
  'og:article:published_time',
  'published_time',
  'article.published',
]
const OTHER_DATE_META_KEYS = [
  'datepublished',
  'date',
  'pubdate',
  'publishdate',
  'publish-date',
  'publish_date',
  'publication_date',
  'dc.date.issued',
  'dc.date',
  'dcterms.issued',
  'dcterms.date',
  'dcterms.created',
  'dc.date.created',
  'sailthru.date',
  'parsely-pub-date',
  'citation_publication_date',
  'citation_date',
  'original-publish-date',
  'article_date_original',
  'displaydate',
  'cxenseparse:recs:publishtime',
  'rnews:datepublished',
  'og:updated_time',
  'article:modified_time',
]

/** A date after the crawl (beyond clock skew and zone slips) is an event or expiry date, not publication. */
const FUTURE_TOLERANCE_MS = PUBLISHED_AFTER_CRAWL_MAX_S * 1000

/** The WARC date in the contract's form (second precision, trailing Z); unchanged if unparseable. */
export function normaliseWarcDate(text: string): string {
  return parseDate(text)?.iso ?? text
}

export interface DateCandidate {
  value: string
  source: DateSource
}

/**
 * The publication instant: the first candidate that parses and is not after the crawl, preferring a
 * zoned twin of a zone-less first value; else a date in the URL; else the WARC date.
 */
export function pickPublished(
  candidates: readonly DateCandidate[],
  warcDate: string,
  url: string,
): { iso: string; source: DateSource } {
  const limit = Date.parse(warcDate) + FUTURE_TOLERANCE_MS
  const parsed: { date: ParsedDate; source: DateSource }[] = []
  for (const candidate of candidates) {
    const date = parseDate(candidate.value)
    if (date === null || Date.parse(date.iso) > limit) continue
    parsed.push({ date, source: candidate.source })
  }
  const first = parsed[0]
  if (first !== undefined) {
    // A zone-less first value (read as UTC) yields to a zoned one for the same local day and time.
    if (!first.date.hasZone) {
      const local = first.date.iso.slice(0, 16)
      const zoned = parsed.find((p) => p.date.hasZone && sameWallClock(p, local, candidates))
      if (zoned !== undefined) return { iso: zoned.date.iso, source: zoned.source }
    }
    return { iso: first.date.iso, source: first.source }
  }
  const fromUrl = parseUrlDate(url)
  if (fromUrl !== null && Date.parse(fromUrl.iso) <= limit) return { iso: fromUrl.iso, source: 'url' }
  return { iso: normaliseWarcDate(warcDate), source: 'warc' }
}

/** Whether a zoned candidate's own written wall-clock time equals `local` (`YYYY-MM-DDTHH:MM`). */
function sameWallClock(candidate: { date: ParsedDate }, local: string, all: readonly DateCandidate[]): boolean {
  for (const raw of all) {
    const parsed = parseDate(raw.value)
    if (parsed === null || parsed.iso !== candidate.date.iso) continue
    const written = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(raw.value.trim())
    if (written !== null && `${written[1]}T${written[2]}` === local) return true
  }
  return false
}

/** Candidates read at most; bounds pages that repeat date metas thousands of times. */
const MAX_DATE_CANDIDATES = 50

export function dateCandidates(meta: PageMeta, jsonLd: JsonLdFacts | null): DateCandidate[] {
  // JSON-LD before article:published_time: publishers often stamp local time with a false `Z` in
  // the Open Graph tag while JSON-LD carries the right offset (fundus: 247 vs 242 of 258 right).
  const out: DateCandidate[] = []
  if (jsonLd !== null && jsonLd.datePublished !== '') out.push({ value: jsonLd.datePublished, source: 'jsonld' })
  for (const value of allMetas(meta, PUBLISHED_META_KEYS)) out.push({ value, source: 'meta' })
  for (const value of meta.times) out.push({ value, source: 'time' })
  for (const value of allMetas(meta, OTHER_DATE_META_KEYS)) out.push({ value, source: 'meta' })
  return out.slice(0, MAX_DATE_CANDIDATES)
}
