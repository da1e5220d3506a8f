/** The contract's query table and the fixture clock it is read against (test/engines/search-contract.ts). */
import type { SearchFilters } from '../../core/search/types.ts'
import { FIXTURE_NOW, type FixtureArticle } from '../support/fixture-store.ts'

export const NOW_S = FIXTURE_NOW.getTime() / 1000
export const DAY_S = 86_400
/** A fixture article with the seq the store gave it (written in order into an empty store). */
export type ContractArticle = FixtureArticle & { seq: number }
type A = ContractArticle
export const epoch = (iso: string) => Date.parse(iso) / 1000

/** One query of the table: what an engine is asked, and what the scan keeps beyond the query. */
export interface ContractQuery {
  name: string
  q: string
  filters?: Partial<SearchFilters>
  keep?: (a: A) => boolean
  /** A case whose answer must be empty (an unknown entity). */
  none?: true
}

/** The contract table (the same cases as test/live/search.test.ts, at the engine's level). */
export const CONTRACT_QUERIES: ContractQuery[] = [
  { name: 'word', q: 'bitcoin' },
  { name: 'two words', q: 'market crash' },
  { name: 'phrase', q: '"market crash"' },
  { name: 'exclusion', q: 'bitcoin -rally' },
  { name: 'OR', q: 'crash OR rally' },
  { name: 'OR and a word', q: 'vaccine OR climate court' },
  { name: 'diacritic', q: 'élection' },
  { name: 'folded diacritic', q: 'election' },
  { name: 'ß is not ss', q: 'fussball' },
  { name: 'umlaut', q: 'Börse' },
  { name: 'Cyrillic', q: 'биткоин' },
  { name: 'Chinese', q: '比特币' },
  { name: 'Japanese kanji', q: '市場' },
  { name: 'Japanese two words', q: 'ビットコイン 市場' },
  { name: 'only an exclusion', q: '-bitcoin' },
  { name: 'no q', q: '' },
  { name: 'country', q: 'bitcoin', filters: { country: ['GB'] }, keep: (a) => a.country === 'GB' },
  {
    name: 'two countries, a language',
    q: '',
    filters: { country: ['GB', 'RU'], lang: ['ru'] },
    keep: (a) => a.country === 'RU' && a.lang === 'ru',
  },
  { name: 'tld', q: 'market', filters: { tld: ['com'] }, keep: (a) => a.tld === 'com' },
  {
    name: 'hosts',
    q: '',
    filters: { host: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => a.host === 'news1.co.uk' || a.host === 'daily2.com',
  },
  { name: 'strict country', q: 'crash', filters: { strictCountry: true }, keep: (a) => a.country_source !== 'default' },
  {
    name: 'last 7 days',
    q: '',
    filters: { fromS: NOW_S - 7 * DAY_S },
    keep: (a) => epoch(a.published_at) >= NOW_S - 7 * DAY_S,
  },
  {
    name: 'from/to',
    q: '',
    filters: { fromS: epoch('2026-11-01T00:00:00Z'), toS: epoch('2026-11-10T00:00:00Z') },
    keep: (a) => a.published_at >= '2026-11-01' && a.published_at < '2026-11-10',
  },
  { name: 'same-instant ties', q: 'tiebreak' },
  { name: 'watermark', q: 'bitcoin OR market', filters: { maxSeq: 200 }, keep: (a) => a.seq <= 200 },
  // Issue 25: category, tone label, tone-score range, excluded hosts, in=title, groups and NOT.
  { name: 'a category', q: '', filters: { category: ['sport'] }, keep: (a) => a.category === 'sport' },
  {
    name: 'two categories and a word',
    q: 'market',
    filters: { category: ['politics', 'business'] },
    keep: (a) => a.category === 'politics' || a.category === 'business',
  },
  { name: 'a tone label', q: '', filters: { sentiment: ['neg'] }, keep: (a) => a.sentiment === 'neg' },
  {
    name: 'two tone labels and a country',
    q: '',
    filters: { sentiment: ['pos', 'neu'], country: ['GB'] },
    keep: (a) => (a.sentiment === 'pos' || a.sentiment === 'neu') && a.country === 'GB',
  },
  {
    name: 'a tone label, a category and a word over 30 days',
    q: 'bitcoin',
    filters: { sentiment: ['neg'], category: ['world', 'sport'], fromS: NOW_S - 30 * DAY_S },
    keep: (a) =>
      a.sentiment === 'neg' && ['world', 'sport'].includes(a.category) && epoch(a.published_at) >= NOW_S - 30 * DAY_S,
  },
  { name: 'score at least 0.3', q: '', filters: { minScore: 0.3 }, keep: (a) => a.score >= 0.3 },
  {
    name: 'score between -0.5 and 0.2 with a word',
    q: 'market',
    filters: { minScore: -0.5, maxScore: 0.2 },
    keep: (a) => a.score >= -0.5 && a.score <= 0.2,
  },
  // A bound inside the first or last tenth: the range touches every tenth, so no tenth is left
  // to exclude (an empty exclusion was an FTS5 syntax error: a 500 found by bench/search-sweep.ts).
  {
    name: 'score at most 0.95 (the last tenth cut) with a word',
    q: 'market',
    filters: { maxScore: 0.95 },
    keep: (a) => a.score <= 0.95,
  },
  {
    name: 'score at least -0.95 (the first tenth cut) and two categories',
    q: '',
    filters: { minScore: -0.95, category: ['politics', 'world'] },
    keep: (a) => a.score >= -0.95 && ['politics', 'world'].includes(a.category),
  },
  {
    name: 'score at most -0.6, a category and a country',
    q: '',
    filters: { maxScore: -0.6, category: ['politics'], country: ['US', 'DE'] },
    keep: (a) => a.score <= -0.6 && a.category === 'politics' && ['US', 'DE'].includes(a.country),
  },
  {
    name: 'an excluded host',
    q: 'market',
    filters: { excludeHost: ['news1.co.uk'] },
    keep: (a) => a.host !== 'news1.co.uk',
  },
  {
    name: 'excluded hosts without words',
    q: '',
    filters: { excludeHost: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => a.host !== 'news1.co.uk' && a.host !== 'daily2.com',
  },
  {
    name: 'excluded host, a tone label and strict country',
    q: '',
    filters: { excludeHost: ['daily2.com'], sentiment: ['pos'], strictCountry: true },
    keep: (a) => a.host !== 'daily2.com' && a.sentiment === 'pos' && a.country_source !== 'default',
  },
  { name: 'in=title: a word', q: 'market', filters: { titleOnly: true } },
  { name: 'in=title: a phrase', q: '"market crash"', filters: { titleOnly: true } },
  { name: 'in=title: an exclusion', q: 'bitcoin -rally', filters: { titleOnly: true } },
  {
    name: 'in=title: OR and a category',
    q: 'crash OR storm',
    filters: { titleOnly: true, category: ['world', 'business'] },
    keep: (a) => ['world', 'business'].includes(a.category),
  },
  {
    name: 'an entity',
    q: '',
    filters: { entity: ['place:paris'] },
    keep: (a) => a.entities.some((e) => e.key === 'place:paris'),
  },
  {
    name: 'two entities and a word',
    q: 'bitcoin',
    filters: { entity: ['person:ada-lovelace', 'organisation:acme-corp'] },
    keep: (a) => a.entities.some((e) => e.key === 'person:ada-lovelace' || e.key === 'organisation:acme-corp'),
  },
  {
    name: 'an entity, a country and a tone label over 30 days',
    q: '',
    filters: { entity: ['place:berlin'], country: ['DE'], sentiment: ['neg', 'neu'], fromS: NOW_S - 30 * DAY_S },
    keep: (a) =>
      a.entities.some((e) => e.key === 'place:berlin') &&
      a.country === 'DE' &&
      a.sentiment !== 'pos' &&
      epoch(a.published_at) >= NOW_S - 30 * DAY_S,
  },
  {
    name: 'an unknown entity',
    q: 'bitcoin',
    filters: { entity: ['person:nobody-at-all'] },
    keep: () => false,
    none: true,
  },
  { name: 'an entity filter naming no key', q: '', filters: { entity: [] }, keep: () => false, none: true },
  { name: 'NOT before a group', q: 'market NOT (crash OR rally)' },
  { name: '- before a group of words', q: 'bitcoin -(market crash)' },
  { name: 'groups of words joined by OR', q: '(market crash) OR (court vaccine)' },
  { name: 'a negated word inside an OR', q: '(bitcoin OR -market) crash' },
  { name: 'only a negated group', q: '-(bitcoin OR market)' },
  { name: 'nested groups', q: '((market OR (storm crash)) -rally) court' },
  {
    name: 'a group with a phrase and a country',
    q: '("market crash" OR vaccine) -court',
    filters: { country: ['GB', 'US'] },
    keep: (a) => ['GB', 'US'].includes(a.country),
  },
]
