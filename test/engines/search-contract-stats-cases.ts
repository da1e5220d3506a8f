/**
 * The contract's stats cases (test/engines/search-contract.ts): ranges, words and the issue-25
 * filters; the tone-score cases are in search-contract-score-cases.ts.
 */
import type { SearchFilters } from '../../core/search/types.ts'
import { type ContractArticle, DAY_S, NOW_S, epoch } from './search-contract-queries.ts'

type A = ContractArticle

export interface StatsCase {
  name: string
  q: string
  periodS: number
  top: number
  filters?: Partial<SearchFilters>
  keep?: (a: A) => boolean
}

// Daily stats add whole days up from per-day counts in the SQLite engine (word-less, and for
// counted words); part-days at the ends and articles past the watermark are read from the
// articles: each case below exercises one of those paths against the scan.
export const MIDNIGHT_S = Math.floor(NOW_S / DAY_S) * DAY_S
export const inRange = (fromS: number, toS: number) => (a: A) =>
  epoch(a.published_at) >= fromS && epoch(a.published_at) < toS

export const RANGE_WORD_FILTER_CASES: StatsCase[] = [
  { name: 'all, daily', q: '', periodS: DAY_S, top: 100 },
  { name: 'bitcoin, daily, top 3', q: 'bitcoin', periodS: DAY_S, top: 3 },
  {
    name: 'last 48 hours, hourly',
    q: '',
    periodS: 3600,
    top: 10,
    filters: { fromS: NOW_S - 48 * 3600 },
    keep: inRange(NOW_S - 48 * 3600, NOW_S),
  },
  {
    name: 'whole days only, daily',
    q: '',
    periodS: DAY_S,
    top: 50,
    filters: { fromS: MIDNIGHT_S - 30 * DAY_S, toS: MIDNIGHT_S },
    keep: inRange(MIDNIGHT_S - 30 * DAY_S, MIDNIGHT_S),
  },
  {
    name: 'less than a day, daily',
    q: '',
    periodS: DAY_S,
    top: 50,
    filters: { fromS: MIDNIGHT_S - 20 * 3600, toS: MIDNIGHT_S - 3 * 3600 },
    keep: inRange(MIDNIGHT_S - 20 * 3600, MIDNIGHT_S - 3 * 3600),
  },
  {
    name: 'two countries, a language, daily',
    q: '',
    periodS: DAY_S,
    top: 20,
    filters: { country: ['GB', 'RU'], lang: ['ru', 'en'] },
    keep: (a) => ['GB', 'RU'].includes(a.country) && ['ru', 'en'].includes(a.lang),
  },
  {
    name: 'tld and hosts, daily',
    q: '',
    periodS: DAY_S,
    top: 20,
    filters: { tld: ['com', 'co.uk'], host: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => ['com', 'co.uk'].includes(a.tld) && ['news1.co.uk', 'daily2.com'].includes(a.host),
  },
  {
    name: 'strict country, daily',
    q: '',
    periodS: DAY_S,
    top: 20,
    filters: { strictCountry: true },
    keep: (a) => a.country_source !== 'default',
  },
  { name: 'watermark, daily', q: '', periodS: DAY_S, top: 30, filters: { maxSeq: 200 }, keep: (a) => a.seq <= 200 },
  {
    name: 'watermark and a country, daily',
    q: '',
    periodS: DAY_S,
    top: 30,
    filters: { maxSeq: 350, country: ['US', 'GB'] },
    keep: (a) => a.seq <= 350 && ['US', 'GB'].includes(a.country),
  },
  { name: 'only an exclusion, daily', q: '-bitcoin', periodS: DAY_S, top: 10 },
  // Ranges whose whole days split into 64-, 16- and 4-day spans and single days (host counts).
  {
    name: '70 days ending 3 days ago, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600, toS: MIDNIGHT_S - 3 * DAY_S },
    keep: inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S),
  },
  {
    name: 'one language, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { lang: ['en'] },
    keep: (a) => a.lang === 'en',
  },
  {
    name: 'strict country and two tlds over 66 days',
    q: '',
    periodS: DAY_S,
    top: 50,
    filters: { strictCountry: true, tld: ['uk', 'de', 'com'], fromS: MIDNIGHT_S - 66 * DAY_S },
    keep: (a) =>
      a.country_source !== 'default' &&
      ['uk', 'de', 'com'].includes(a.tld) &&
      epoch(a.published_at) >= MIDNIGHT_S - 66 * DAY_S,
  },
  {
    name: 'watermark over spans, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { maxSeq: 150 },
    keep: (a) => a.seq <= 150,
  },
  // Words: the SQLite engine with word counts (store/term-counts.ts) reads these from per-day
  // counts by facet combination; the rest from the articles.
  {
    name: 'a word, one country, daily',
    q: 'market',
    periodS: DAY_S,
    top: 20,
    filters: { country: ['US'] },
    keep: (a) => a.country === 'US',
  },
  {
    name: 'a word, three countries and a language',
    q: 'bitcoin',
    periodS: DAY_S,
    top: 20,
    filters: { country: ['GB', 'US', 'FR'], lang: ['en'] },
    keep: (a) => ['GB', 'US', 'FR'].includes(a.country) && a.lang === 'en',
  },
  {
    name: 'a word, two hosts',
    q: 'crash',
    periodS: DAY_S,
    top: 20,
    filters: { host: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => ['news1.co.uk', 'daily2.com'].includes(a.host),
  },
  {
    name: 'a word, strict country, every host',
    q: 'market',
    periodS: DAY_S,
    top: 100,
    filters: { strictCountry: true },
    keep: (a) => a.country_source !== 'default',
  },
  {
    name: 'a word, watermark',
    q: 'bitcoin',
    periodS: DAY_S,
    top: 30,
    filters: { maxSeq: 200 },
    keep: (a) => a.seq <= 200,
  },
  {
    name: 'a word, watermark and a tld',
    q: 'market',
    periodS: DAY_S,
    top: 30,
    filters: { maxSeq: 300, tld: ['com'] },
    keep: (a) => a.seq <= 300 && a.tld === 'com',
  },
  {
    name: 'a word over 70 days ending 3 days ago',
    q: 'court',
    periodS: DAY_S,
    top: 100,
    filters: { fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600, toS: MIDNIGHT_S - 3 * DAY_S },
    keep: inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S),
  },
  {
    name: 'a word, both ends mid-day',
    q: 'market',
    periodS: DAY_S,
    top: 50,
    filters: { fromS: MIDNIGHT_S - 30 * DAY_S + 4 * 3600, toS: MIDNIGHT_S - 10 * DAY_S + 15 * 3600 },
    keep: inRange(MIDNIGHT_S - 30 * DAY_S + 4 * 3600, MIDNIGHT_S - 10 * DAY_S + 15 * 3600),
  },
  {
    name: 'a word, hourly over 48 hours',
    q: 'bitcoin',
    periodS: 3600,
    top: 10,
    filters: { fromS: NOW_S - 48 * 3600 },
    keep: inRange(NOW_S - 48 * 3600, NOW_S),
  },
  { name: 'a Cyrillic word, daily', q: 'биткоин', periodS: DAY_S, top: 10 },
  { name: 'a folded diacritic, daily', q: 'election', periodS: DAY_S, top: 10 },
  { name: 'two words, daily', q: 'market crash', periodS: DAY_S, top: 10 },
  { name: 'a word and an exclusion, daily', q: 'bitcoin -rally', periodS: DAY_S, top: 10 },
  // Words added up by inclusion–exclusion where they are counted (store/sqlite-search/stats.ts, wordUnion).
  { name: 'an OR of two words, daily', q: 'crash OR rally', periodS: DAY_S, top: 10 },
  { name: 'an OR of three words, top 3', q: 'crash OR rally OR bitcoin', periodS: DAY_S, top: 3 },
  { name: 'a word less two excluded words, daily', q: 'market -crash -rally', periodS: DAY_S, top: 10 },
  {
    name: 'an OR and a word, two countries, watermark',
    q: '(crash OR rally) market',
    periodS: DAY_S,
    top: 20,
    filters: { country: ['GB', 'US'], maxSeq: 300 },
    keep: (a) => ['GB', 'US'].includes(a.country) && a.seq <= 300,
  },
  {
    name: 'a word less an excluded word, a tone label and an excluded host',
    q: 'bitcoin -rally',
    periodS: DAY_S,
    top: 20,
    filters: { sentiment: ['neg', 'neu'], excludeHost: ['news1.co.uk'] },
    keep: (a) => a.sentiment !== 'pos' && a.host !== 'news1.co.uk',
  },
  { name: 'a word less an excluded phrase, daily', q: 'market -"crash rally"', periodS: DAY_S, top: 10 },
  { name: 'a phrase OR a word, daily', q: '"market crash" OR rally', periodS: DAY_S, top: 10 },
  {
    name: 'an OR of two words and a tone-score range',
    q: 'crash OR rally',
    periodS: DAY_S,
    top: 20,
    filters: { minScore: -0.35, maxScore: 0.27 },
    keep: (a) => a.score >= -0.35 && a.score <= 0.27,
  },
  {
    name: 'a word less an excluded word and a tone-score range of whole tenths',
    q: 'market -crash',
    periodS: DAY_S,
    top: 20,
    filters: { minScore: 0 },
    keep: (a) => a.score >= 0,
  },
  {
    name: 'an OR of two words, a category, both ends mid-day',
    q: 'crash OR bitcoin',
    periodS: DAY_S,
    top: 20,
    filters: {
      category: ['business', 'world'],
      fromS: NOW_S - 20 * DAY_S - 5 * 3600,
      toS: NOW_S - 2 * DAY_S + 3 * 3600,
    },
    keep: (a) =>
      ['business', 'world'].includes(a.category) &&
      inRange(NOW_S - 20 * DAY_S - 5 * 3600, NOW_S - 2 * DAY_S + 3 * 3600)(a),
  },
  // Issue 25: the new filters, through the per-day counts where they hold them, else the articles.
  {
    name: 'a category, daily',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { category: ['sport'] },
    keep: (a) => a.category === 'sport',
  },
  {
    name: 'two tone labels and two countries, daily',
    q: '',
    periodS: DAY_S,
    top: 20,
    filters: { sentiment: ['pos', 'neg'], country: ['GB', 'US'] },
    keep: (a) => a.sentiment !== 'neu' && ['GB', 'US'].includes(a.country),
  },
  {
    name: 'a word and two categories, daily',
    q: 'market',
    periodS: DAY_S,
    top: 20,
    filters: { category: ['business', 'politics'] },
    keep: (a) => ['business', 'politics'].includes(a.category),
  },
  {
    name: 'a word and a tone label, watermark',
    q: 'bitcoin',
    periodS: DAY_S,
    top: 20,
    filters: { sentiment: ['neg'], maxSeq: 300 },
    keep: (a) => a.sentiment === 'neg' && a.seq <= 300,
  },
  {
    name: 'a score range, daily',
    q: '',
    periodS: DAY_S,
    top: 20,
    filters: { minScore: -0.3, maxScore: 0.4 },
    keep: (a) => a.score >= -0.3 && a.score <= 0.4,
  },
]
