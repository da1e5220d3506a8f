/**
 * One article as an OpenSearch document, and back: the document carries the API's Article fields
 * and signals as they are returned (ISO times, arrays), plus what only the engine reads (the
 * store's `seq` for snapshot watermarks, the bitcoin flag, the index tokens).
 */
import type { BtcArticle } from '../../core/btc/btc-article.ts'
import { CATEGORY_DECIDERS } from '../../core/categories.ts'
import { isoSeconds } from '../../core/config.ts'
import { indexTokens } from '../../core/search/tokens.ts'
import type { ArticleRecord, ArticleSignals } from '../../core/search/types.ts'
import { type ArticleEntity, ENTITY_TYPES } from '../../core/entity.ts'

export type FullArticle = ArticleRecord & ArticleSignals

export interface ArticleDocument extends Omit<FullArticle, 'text'> {
  seq: number
  /** The entities' keys, as the `entity` filter matches them (the `entities` objects are stored, not indexed). */
  entity_keys: string[]
  text: string
  is_bitcoin: boolean
  title_tokens: string
  description_tokens: string
  lang_text: Record<string, string>
}

/** The document for a stored article; `lang_text` feeds the per-language analyzer of its language. */
export function toDocument(a: FullArticle & { seq: number; text: string; is_bitcoin: boolean }): ArticleDocument {
  const { text, ...rest } = a
  return {
    ...rest,
    entity_keys: a.entities.map((e) => e.key),
    text,
    title_tokens: indexTokens(a.title).join(' '),
    description_tokens: indexTokens(a.description).join(' '),
    lang_text: { [a.lang === '' ? 'und' : a.lang]: `${a.title}\n${a.description}` },
  }
}

/** Thrown when a response does not have the shape this module asked for. */
export class OpenSearchResponseError extends Error {
  override name = 'OpenSearchResponseError'
}

type Json = Record<string, unknown>
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function str(o: Json, k: string): string {
  const v = o[k]
  if (typeof v !== 'string') throw new OpenSearchResponseError(`_source.${k} is not a string`)
  return v
}
function numberOf(o: Json, k: string): number {
  const v = o[k]
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new OpenSearchResponseError(`_source.${k} is not a number`)
  return v
}
function strings(o: Json, k: string): string[] {
  const v = o[k]
  if (!Array.isArray(v) || !v.every((x): x is string => typeof x === 'string'))
    throw new OpenSearchResponseError(`_source.${k} is not a string array`)
  return v
}
function oneOf<T extends string>(o: Json, k: string, allowed: readonly T[]): T {
  const v = str(o, k)
  if (!(allowed as readonly string[]).includes(v))
    throw new OpenSearchResponseError(`_source.${k} is not one of ${allowed.join(', ')}`)
  return v as T
}
/** Times are stored as the contract's ISO form; normalise anyway, so a re-indexed `+00:00` reads the same. */
function instant(o: Json, k: string): string {
  const ms = Date.parse(str(o, k))
  if (Number.isNaN(ms)) throw new OpenSearchResponseError(`_source.${k} is not a date`)
  return isoSeconds(new Date(ms))
}

function entitiesOf(o: Json): ArticleEntity[] {
  const v = o.entities
  if (!Array.isArray(v)) throw new OpenSearchResponseError('_source.entities is not an array')
  return v.map((e) => {
    if (!isObject(e)) throw new OpenSearchResponseError('_source.entities holds a non-object')
    const country = e.country
    if (country !== null && typeof country !== 'string')
      throw new OpenSearchResponseError('_source.entities[].country is not a string or null')
    return {
      key: str(e, 'key'),
      name: str(e, 'name'),
      type: oneOf(e, 'type', ENTITY_TYPES),
      count: numberOf(e, 'count'),
      country,
    }
  })
}

/** A hit's `_source` as the contract's record, fields in the documented order. */
export function fromSource(source: unknown, fullText: boolean): FullArticle {
  if (!isObject(source)) throw new OpenSearchResponseError('hit has no _source')
  const record: FullArticle = {
    id: str(source, 'id'),
    url: str(source, 'url'),
    title: str(source, 'title'),
    description: str(source, 'description'),
    published_at: instant(source, 'published_at'),
    crawled_at: instant(source, 'crawled_at'),
    host: str(source, 'host'),
    tld: str(source, 'tld'),
    lang: str(source, 'lang'),
    country: str(source, 'country'),
    country_source: str(source, 'country_source'),
    category: str(source, 'category'),
    category_confidence: numberOf(source, 'category_confidence'),
    category_by: oneOf(source, 'category_by', CATEGORY_DECIDERS),
    image: str(source, 'image'),
    authors: strings(source, 'authors'),
    tags: strings(source, 'tags'),
    words: numberOf(source, 'words'),
    sentiment: oneOf(source, 'sentiment', ['pos', 'neu', 'neg']),
    score: numberOf(source, 'score'),
    labelled_by: oneOf(source, 'labelled_by', ['model', 'lexicon']),
    entities: entitiesOf(source),
    lexicon_score: numberOf(source, 'lexicon_score'),
    lexicon_terms: str(source, 'lexicon_terms'),
    dup_group: str(source, 'dup_group'),
  }
  if (fullText) record.text = typeof source.text === 'string' ? source.text : ''
  return record
}

export const BTC_SOURCE_FIELDS = [
  'published_at',
  'title',
  'description',
  'url',
  'host',
  'lang',
  'country',
  'sentiment',
  'score',
  'labelled_by',
  'lexicon_score',
  'lexicon_terms',
] as const

/** A hit of the BTC scan as the BTC endpoints read it (published_at in epoch seconds). */
export function btcFromSource(source: unknown): BtcArticle {
  if (!isObject(source)) throw new OpenSearchResponseError('hit has no _source')
  return {
    published_at: Date.parse(instant(source, 'published_at')) / 1000,
    title: str(source, 'title'),
    description: str(source, 'description'),
    url: str(source, 'url'),
    host: str(source, 'host'),
    lang: str(source, 'lang'),
    country: str(source, 'country'),
    sentiment: oneOf(source, 'sentiment', ['pos', 'neu', 'neg']),
    score: numberOf(source, 'score'),
    labelled_by: oneOf(source, 'labelled_by', ['model', 'lexicon']),
    lexicon_score: numberOf(source, 'lexicon_score'),
    lexicon_terms: str(source, 'lexicon_terms'),
  }
}
