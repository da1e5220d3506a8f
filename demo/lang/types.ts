import type { Category } from '../../core/categories.ts'

/** The 14 languages of the demo archive (ISO 639-1). */
export const DEMO_LANGS = ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ru', 'ar', 'hi', 'zh', 'ja', 'ko', 'tr'] as const
export type DemoLang = (typeof DEMO_LANGS)[number]

export type Tone = 'pos' | 'neu' | 'neg'

/**
 * Everything needed to write news in one language. Templates use slots:
 * {T} topic of the article's category, {T2} a second topic, {P} place, {PL} place in the locative
 * form (differs from {P} only in Russian), {X} and {X2} people, {D} a small number, {N} a larger
 * number, {B} the bitcoin name, {V} a BTC price in USD.
 *
 * Topic phrases stand where the grammar does not inflect them (nominative, after an invariant
 * preposition or particle), so that slot filling stays grammatical in inflected languages.
 */
export interface LangPack {
  lang: DemoLang
  /** false for zh and ja: no spaces between words, lengths are counted in characters / 2. */
  spaced: boolean
  /** Category vocabulary: 10–12 phrases each, strongly indicative of the category. */
  topics: Readonly<Record<Category, readonly string[]>>
  /** URL path segment and display label of each category's section, in the publisher's language. */
  sections: Readonly<Record<Category, readonly [slug: string, label: string]>>
  /** Headline templates; each has {T} and at least one of {P}/{PL}/{X}. */
  headlines: readonly string[]
  /** Body sentence templates. The first six contain {T} and a place and can open an article. */
  sentences: readonly string[]
  bitcoin: {
    /** First entry is the name used in headlines; the others may appear in the body. */
    names: readonly string[]
    headlines: Readonly<Record<Tone, readonly string[]>>
    sentences: Readonly<Record<Tone, readonly string[]>>
  }
  /** Leading articles stripped from topic phrases when listing a story's keywords. */
  articles: readonly string[]
  firstNames: readonly string[]
  lastNames: readonly string[]
  /** Full names, used instead of first × last where surnames inflect by gender (ru). */
  people?: readonly string[]
  /** `first last` (with a space) or `lastfirst` (zh, ja, ko: family name first, no space). */
  nameOrder: 'first-last' | 'last-first'
  /** Digit grouping separator for prices. */
  thousands: string
  /** Publisher name pattern with {C} city and {W} word, and the words as [local, ascii]. */
  publisherName: string
  publisherWords: readonly (readonly [local: string, ascii: string])[]
  ui: {
    home: string
    related: string
    cookie: string
    accept: string
    rights: string
    by: string
    /** Last paragraph of a syndicated copy; {PUB} is the original publisher. */
    syndicated: string
    notFound: string
  }
}
