/** The search benchmark's query mix (bench/search.ts): each class's share of traffic and how one of its queries is drawn. */
import { intParamMax } from '../core/endpoints.ts'
import { CATS, type QueryClass, TONES, entityKey, withCountryWord } from './search-draw.ts'
import { STATS_AND_ENTITY_CLASSES } from './search-classes-stats.ts'
import { PUBLISHERS } from './synthetic-articles.ts'

/** The deepest offset the registry allows. */
const MAX_OFFSET = intParamMax('/v1/search', 'offset')

/** The search classes, then the stats and entity ones (search-classes-stats.ts): every class in report order. */
export const CLASSES: readonly QueryClass[] = [
  {
    name: 'no words + one country',
    weight: 10,
    endpoint: '/v1/search',
    draw: (d) => ({ country: d.country().country, ...d.range() }),
  },
  { name: 'one word + one country', weight: 25, endpoint: '/v1/search', draw: (d) => withCountryWord(d) },
  {
    name: 'two words + one country',
    weight: 8,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { q: `${d.word(c.lang)} ${d.word(c.lang)}`, country: c.country, ...d.range() }
    },
  },
  {
    name: 'one word + one language',
    weight: 8,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { q: d.word(c.lang), lang: c.lang, ...d.range() }
    },
  },
  {
    name: 'country + language',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { country: c.country, lang: d.rnd() < 0.7 ? c.lang : 'en', ...d.range() }
    },
  },
  {
    name: 'several countries (+ word)',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const cs = [d.country(), d.country(), d.country()]
      return {
        country: cs.map((c) => c.country).join(','),
        ...(d.rnd() < 0.6 ? { q: d.word('en') } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'host (+ word)',
    weight: 5,
    endpoint: '/v1/search',
    draw: (d) => {
      const p = PUBLISHERS[Math.floor(d.rnd() ** 2 * PUBLISHERS.length)] ?? PUBLISHERS[0]
      return { host: p?.host ?? '', ...(d.rnd() < 0.5 ? { q: d.word(p?.lang ?? 'en') } : {}), ...d.range() }
    },
  },
  {
    name: 'tld (+ word)',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        tld: d.rnd() < 0.3 ? 'com' : c.country.toLowerCase(),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'strict_country',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => ({
      country: 'US',
      strict_country: 'true',
      ...(d.rnd() < 0.5 ? { q: d.word('en') } : {}),
      ...d.range(),
    }),
  },
  // Phrases of common words, a quarter of them three words long (FTS5 phrases of two pair tokens).
  {
    name: 'phrase',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const n = d.rnd() < 0.25 ? 3 : 2
      return {
        q: `"${Array.from({ length: n }, () => d.word(c.lang, 'common')).join(' ')}"`,
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'OR',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        q: `${d.word(c.lang)} OR ${d.word(c.lang)}`,
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'exclusion',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        q: `${d.rnd() < 0.7 ? `${d.word(c.lang)} ` : ''}-${d.word(c.lang, 'common')}`,
        ...(d.rnd() < 0.6 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'rare word',
    weight: 5,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return { q: d.word(c.lang, 'rare'), ...(d.rnd() < 0.5 ? { country: c.country } : {}), ...d.range() }
    },
  },
  {
    name: 'absent word',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => ({
      q: `zq${Math.floor(d.rnd() * 1e6).toString(36)}x`,
      ...(d.rnd() < 0.5 ? { country: d.country().country } : {}),
      ...d.range(),
    }),
  },
  { name: 'sort=date_asc', weight: 2, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { sort: 'date_asc' }) },
  {
    name: 'sort=crawled',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) =>
      d.rnd() < 0.5
        ? withCountryWord(d, { sort: 'crawled' })
        : { country: d.country().country, sort: 'crawled', ...d.range() },
  },
  {
    name: 'sort=crawled_asc',
    weight: 1,
    endpoint: '/v1/search',
    draw: (d) =>
      d.rnd() < 0.5
        ? withCountryWord(d, { sort: 'crawled_asc' })
        : { country: d.country().country, sort: 'crawled_asc', ...d.range() },
  },
  {
    name: 'sort=relevance',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) =>
      d.rnd() < 0.5 ? withCountryWord(d, { sort: 'relevance' }) : { q: d.word('en'), sort: 'relevance', ...d.range() },
  },
  {
    name: 'deep offset',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) =>
      withCountryWord(d, {
        offset: String(d.pick([1000, 5000, MAX_OFFSET])),
        ...(d.rnd() < 0.3 ? { sort: d.pick(['date_asc', 'relevance', 'crawled']) } : {}),
      }),
  },
  { name: 'dedupe', weight: 3, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { dedupe: 'true' }) },
  { name: 'highlight', weight: 3, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { highlight: 'true' }) },
  { name: 'full_text', weight: 2, endpoint: '/v1/search', draw: (d) => withCountryWord(d, { full_text: 'true' }) },
  {
    name: 'fields',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => withCountryWord(d, { fields: 'title,url,published_at', size: '100' }),
  },
  // Issue 25: the signal filters, each with one value and with several, alone and with words and a country.
  {
    name: 'category (one/several, + word)',
    weight: 4,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        category: d.rnd() < 0.5 ? d.pick(CATS) : [d.pick(CATS), d.pick(CATS), d.pick(CATS)].join(','),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'sentiment (one/several, + word)',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        sentiment: d.rnd() < 0.6 ? d.pick(TONES) : 'pos,neg',
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'tone range (+ word)',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const lo = d.pick(['-1', '-0.5', '0', '0.3', '0.8'])
      return {
        min_score: lo,
        ...(d.rnd() < 0.5
          ? { max_score: String(Math.min(1, Math.round((Number(lo) + d.pick([0.05, 0.2, 0.5, 1])) * 100) / 100)) }
          : {}),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.4 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'exclude_host (+ word)',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const hosts = Array.from(
        { length: d.pick([1, 3, 10]) },
        () => (PUBLISHERS[Math.floor(d.rnd() ** 2 * PUBLISHERS.length)] ?? PUBLISHERS[0])?.host ?? '',
      )
      return {
        exclude_host: hosts.join(','),
        ...(d.rnd() < 0.6 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'in=title',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        q: d.rnd() < 0.3 ? `"${d.word(c.lang, 'common')} ${d.word(c.lang, 'common')}"` : d.word(c.lang),
        in: 'title',
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...(d.rnd() < 0.2 ? { sort: 'relevance' } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'grouping and NOT',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const w = () => d.word(c.lang)
      return {
        q: d.pick([
          `${w()} NOT (${w()} OR ${w()})`,
          `(${w()} ${w()}) OR ${w()}`,
          `(${w()} OR ${w()}) -(${w()} ${w()})`,
        ]),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'signals + sort/offset',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        category: d.pick(CATS),
        sentiment: d.pick(TONES),
        q: d.word(c.lang),
        sort: d.pick(['date', 'date_asc', 'crawled', 'relevance']),
        offset: String(d.pick([0, 1000, MAX_OFFSET])),
        ...d.range(),
      }
    },
  },
  ...STATS_AND_ENTITY_CLASSES,
  // Appended, so every class above keeps its seed and its draws.
  {
    name: 'tone range + sort/offset',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const lo = d.pick(['-0.5', '0', '0.3', '0.35'])
      return {
        min_score: lo,
        ...(d.rnd() < 0.3 ? { max_score: String(Math.min(1, Number(lo) + 0.5)) } : {}),
        ...(d.rnd() < 0.6 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.4 ? { country: d.rnd() < 0.5 ? c.country : 'US,GB,FR' } : {}),
        sort: d.pick(['date', 'date_asc', 'crawled', 'crawled_asc', 'relevance']),
        offset: String(d.pick([0, 1000, MAX_OFFSET])),
        ...d.range(),
      }
    },
  },
  {
    name: 'dedupe + every sort/offset',
    weight: 2,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      return {
        dedupe: 'true',
        ...(d.rnd() < 0.6 ? { q: d.word(c.lang, d.pick(['common', 'mid'])) } : {}),
        ...(d.rnd() < 0.4 ? { country: c.country } : {}),
        sort: d.pick(['date', 'date_asc', 'crawled', 'crawled_asc', 'relevance']),
        offset: String(d.pick([0, 1000, MAX_OFFSET])),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: common word + category/tone',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      const f = d.pick(['category', 'sentiment'])
      return {
        q: d.word(c.lang, 'common'),
        [f]:
          f === 'category'
            ? d.rnd() < 0.5
              ? d.pick(CATS)
              : `${d.pick(CATS)},${d.pick(CATS)}`
            : d.rnd() < 0.5
              ? d.pick(TONES)
              : 'neg,pos',
        ...(d.rnd() < 0.3 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  // Shapes bench/search-sweep.ts found that no class above drew (2026-11-27).
  {
    name: 'stats: words with OR or an exclusion',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      const a = d.word(c.lang, d.pick(['common', 'mid']))
      const b = d.word(c.lang, d.pick(['common', 'mid', 'rare']))
      return {
        q: d.rnd() < 0.5 ? `${a} OR ${b}` : `${a} -${b}`,
        ...(d.rnd() < 0.3 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: four or five entities',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => ({
      entity: Array.from({ length: 4 + Math.floor(d.rnd() * 2) }, () => entityKey(d)).join(','),
      ...(d.rnd() < 0.3 ? { sentiment: d.pick(TONES) } : {}),
      ...d.range(),
    }),
  },
  {
    name: 'stats: category + tone range',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => ({
      category: d.rnd() < 0.6 ? d.pick(CATS) : `${d.pick(CATS)},${d.pick(CATS)}`,
      ...(d.rnd() < 0.5
        ? { min_score: (Math.round(d.rnd() * 80) / 100).toFixed(2) }
        : { max_score: (-Math.round(d.rnd() * 80) / 100).toFixed(2) }),
      ...d.range(),
    }),
  },
]
