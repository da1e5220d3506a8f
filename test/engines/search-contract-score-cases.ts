/** The contract's tone-score and host stats cases (test/engines/search-contract.ts). */
import { DAY_S, NOW_S } from './search-contract-queries.ts'
import { MIDNIGHT_S, type StatsCase, inRange } from './search-contract-stats-cases.ts'

export const SCORE_AND_HOST_CASES: StatsCase[] = [
  // Tone-score ranges: whole tenths from the counts by tenth (migration 19), the tenths a bound
  // cuts through read one by one; fixture scores are hundredths, so bounds land on scores.
  {
    name: 'max_score 0 (scores of exactly 0 kept), daily, part days at both ends',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { maxScore: 0 },
    keep: (a) => a.score <= 0,
  },
  {
    name: 'min_score 0.5 (a tenth boundary) and a country, daily',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: 0.5, country: ['GB', 'US', 'DE'] },
    keep: (a) => a.score >= 0.5 && ['GB', 'US', 'DE'].includes(a.country),
  },
  {
    name: 'a range cutting two tenths, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.35, maxScore: 0.27 },
    keep: (a) => a.score >= -0.35 && a.score <= 0.27,
  },
  {
    name: 'a range inside one tenth, both bounds on scores',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: 0.12, maxScore: 0.17 },
    keep: (a) => a.score >= 0.12 && a.score <= 0.17,
  },
  {
    name: 'min_score = max_score on a score',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.2, maxScore: -0.2 },
    keep: (a) => a.score === -0.2,
  },
  {
    name: 'bounds whose tenth rounds down in doubles (-0.7, 0.7), every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.7, maxScore: 0.7 },
    keep: (a) => a.score >= -0.7 && a.score <= 0.7,
  },
  {
    name: 'max_score 1 and min_score -1 given: no filter',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -1, maxScore: 1 },
  },
  {
    name: 'a score range and a tone label, strict country and a watermark, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.5, sentiment: ['neg', 'neu'], strictCountry: true, maxSeq: 260 },
    keep: (a) => a.score >= -0.5 && a.sentiment !== 'pos' && a.country_source !== 'default' && a.seq <= 260,
  },
  {
    name: 'a score range and a category (hosts read from the articles)',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { maxScore: 0.33, category: ['politics', 'business'] },
    keep: (a) => a.score <= 0.33 && ['politics', 'business'].includes(a.category),
  },
  {
    name: 'a score range, a language and a TLD, 70 days ending 3 days ago mid-day',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: {
      minScore: 0.05,
      lang: ['en'],
      tld: ['com', 'uk'],
      fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600,
      toS: MIDNIGHT_S - 3 * DAY_S + 7 * 3600,
    },
    keep: (a) =>
      a.score >= 0.05 &&
      a.lang === 'en' &&
      ['com', 'uk'].includes(a.tld) &&
      inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S + 7 * 3600)(a),
  },
  {
    name: 'a score range, whole days only, a watermark',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.44, maxScore: 0.1, fromS: MIDNIGHT_S - 60 * DAY_S, toS: MIDNIGHT_S, maxSeq: 200 },
    keep: (a) => a.score >= -0.44 && a.score <= 0.1 && a.seq <= 200 && inRange(MIDNIGHT_S - 60 * DAY_S, MIDNIGHT_S)(a),
  },
  {
    name: 'a score range and hosts',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { maxScore: -0.1, host: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => a.score <= -0.1 && ['news1.co.uk', 'daily2.com'].includes(a.host),
  },
  {
    name: 'a score range and excluded hosts, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.15, excludeHost: ['news1.co.uk', 'daily2.com'] },
    keep: (a) => a.score >= -0.15 && !['news1.co.uk', 'daily2.com'].includes(a.host),
  },
  {
    name: 'a score range, hourly over 48 hours',
    q: '',
    periodS: 3600,
    top: 10,
    filters: { maxScore: 0.25, fromS: NOW_S - 48 * 3600 },
    keep: (a) => a.score <= 0.25 && inRange(NOW_S - 48 * 3600, NOW_S)(a),
  },
  {
    name: 'a score range, weekly periods',
    q: '',
    periodS: 7 * DAY_S,
    top: 100,
    filters: { minScore: 0.3 },
    keep: (a) => a.score >= 0.3,
  },
  // A counted word with a range holding most articles: its counts less its articles outside.
  {
    name: 'a word and min_score -0.6',
    q: 'market',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.6 },
    keep: (a) => a.score >= -0.6,
  },
  {
    name: 'a word, a range cut at both ends (-0.75, 0.8) and a watermark',
    q: 'bitcoin',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.75, maxScore: 0.8, maxSeq: 280 },
    keep: (a) => a.score >= -0.75 && a.score <= 0.8 && a.seq <= 280,
  },
  {
    name: 'an OR group, a country and max_score 0.7, 70 days ending mid-day',
    q: 'market OR bitcoin',
    periodS: DAY_S,
    top: 100,
    filters: {
      maxScore: 0.7,
      country: ['GB', 'US', 'DE', 'FR'],
      fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600,
      toS: MIDNIGHT_S - 3 * DAY_S + 7 * 3600,
    },
    keep: (a) =>
      a.score <= 0.7 &&
      ['GB', 'US', 'DE', 'FR'].includes(a.country) &&
      inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S + 7 * 3600)(a),
  },
  {
    name: 'a word, min_score = max_score on a score',
    q: 'market',
    periodS: DAY_S,
    top: 100,
    filters: { minScore: -0.19, maxScore: -0.19 },
    keep: (a) => a.score === -0.19,
  },
  {
    name: 'a word and a score range, daily',
    q: 'market',
    periodS: DAY_S,
    top: 20,
    filters: { minScore: 0 },
    keep: (a) => a.score >= 0,
  },
  {
    name: 'an excluded host, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { excludeHost: ['news1.co.uk'] },
    keep: (a) => a.host !== 'news1.co.uk',
  },
  {
    name: 'a word and an excluded host',
    q: 'market',
    periodS: DAY_S,
    top: 100,
    filters: { excludeHost: ['daily2.com'] },
    keep: (a) => a.host !== 'daily2.com',
  },
  {
    name: 'a host and a tone label',
    q: '',
    periodS: DAY_S,
    top: 20,
    filters: { host: ['news1.co.uk', 'daily2.com'], sentiment: ['neu'] },
    keep: (a) => ['news1.co.uk', 'daily2.com'].includes(a.host) && a.sentiment === 'neu',
  },
  { name: 'in=title, daily', q: 'market', periodS: DAY_S, top: 20, filters: { titleOnly: true } },
  { name: 'NOT before a group, daily', q: 'market NOT (crash OR rally)', periodS: DAY_S, top: 20 },
  {
    name: 'a tone label and a category over 70 days ending 3 days ago, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: {
      sentiment: ['neg'],
      category: ['sport', 'world'],
      fromS: MIDNIGHT_S - 73 * DAY_S + 5 * 3600,
      toS: MIDNIGHT_S - 3 * DAY_S,
    },
    keep: (a) =>
      a.sentiment === 'neg' &&
      ['sport', 'world'].includes(a.category) &&
      inRange(MIDNIGHT_S - 73 * DAY_S + 5 * 3600, MIDNIGHT_S - 3 * DAY_S)(a),
  },
  {
    name: 'a category, strict country and a watermark, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { category: ['politics'], strictCountry: true, maxSeq: 250 },
    keep: (a) => a.category === 'politics' && a.country_source !== 'default' && a.seq <= 250,
  },
  {
    name: 'excluded hosts and a tone label, every host',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { excludeHost: ['news1.co.uk', 'daily2.com'], sentiment: ['pos'] },
    keep: (a) => !['news1.co.uk', 'daily2.com'].includes(a.host) && a.sentiment === 'pos',
  },
  {
    name: 'hosts kept and excluded',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { host: ['news1.co.uk', 'daily2.com'], excludeHost: ['daily2.com'] },
    keep: (a) => a.host === 'news1.co.uk',
  },
  {
    name: 'an entity, daily',
    q: '',
    periodS: DAY_S,
    top: 100,
    filters: { entity: ['organisation:united-nations'] },
    keep: (a) => a.entities.some((e) => e.key === 'organisation:united-nations'),
  },
  {
    name: 'two entities, a word and excluded hosts, hourly over 48 hours',
    q: 'market OR bitcoin',
    periodS: 3600,
    top: 10,
    filters: {
      entity: ['place:paris', 'person:jean-dupont'],
      excludeHost: ['news1.co.uk'],
      fromS: NOW_S - 48 * 3600,
    },
    keep: (a) =>
      a.entities.some((e) => e.key === 'place:paris' || e.key === 'person:jean-dupont') &&
      a.host !== 'news1.co.uk' &&
      inRange(NOW_S - 48 * 3600, NOW_S)(a),
  },
  {
    name: 'a category, hourly over 48 hours',
    q: '',
    periodS: 3600,
    top: 10,
    filters: { category: ['politics', 'world'], fromS: NOW_S - 48 * 3600 },
    keep: (a) => ['politics', 'world'].includes(a.category) && inRange(NOW_S - 48 * 3600, NOW_S)(a),
  },
]
