/** The stats and entity classes of the search benchmark's query mix (after the search classes, search-classes.ts). */
import { CATS, entityKey, type QueryClass, TONES } from './search-draw.ts'
import { PUBLISHERS } from './synthetic-articles.ts'

export const STATS_AND_ENTITY_CLASSES: readonly QueryClass[] = [
  {
    name: 'stats: category/tone facets + share',
    weight: 2,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return {
        normalize: 'share',
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: category, tone, excluded hosts',
    weight: 2,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      const f = d.pick(['category', 'sentiment', 'exclude_host'])
      const v =
        f === 'category'
          ? d.rnd() < 0.6
            ? d.pick(CATS)
            : `${d.pick(CATS)},${d.pick(CATS)}`
          : f === 'sentiment'
            ? d.pick(TONES)
            : ((PUBLISHERS[Math.floor(d.rnd() ** 2 * PUBLISHERS.length)] ?? PUBLISHERS[0])?.host ?? '')
      return {
        [f]: v,
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: tone range',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return {
        ...(d.rnd() < 0.5 ? { min_score: d.pick(['-0.2', '0.5']) } : { max_score: d.pick(['-0.5', '0']) }),
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'entity (one or several, + word/country)',
    weight: 3,
    endpoint: '/v1/search',
    draw: (d) => {
      const c = d.country()
      const several = d.rnd() < 0.3
      return {
        entity: several ? `${entityKey(d)},${entityKey(d)},${entityKey(d)}` : entityKey(d),
        ...(d.rnd() < 0.4 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.4 ? { country: c.country } : {}),
        ...(d.rnd() < 0.2 ? { sort: d.pick(['crawled', 'relevance', 'date_asc']) } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'stats: entity',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return {
        entity: d.rnd() < 0.3 ? `${entityKey(d)},${entityKey(d)}` : entityKey(d),
        ...(d.rnd() < 0.3 ? { country: c.country } : {}),
        ...d.range(),
      }
    },
  },
  {
    name: 'entities: trending list',
    weight: 1,
    endpoint: '/v1/entities',
    draw: (d) => ({
      ...(d.rnd() < 0.5 ? { country: d.country().country } : {}),
      ...(d.rnd() < 0.3 ? { type: d.pick(['person', 'organisation', 'place']) } : {}),
      ...(d.rnd() < 0.6 ? {} : { window: d.pick(['6h', '7d', '30d']) }),
    }),
  },
  {
    name: 'entities: one entity page',
    weight: 1,
    endpoint: '/v1/entities/{key}',
    draw: (d) => ({ key: entityKey(d), ...(d.rnd() < 0.5 ? {} : { date: d.pick(['7d', '24h']) }) }),
  },
  {
    name: 'stats: no words',
    weight: 3,
    endpoint: '/v1/stats',
    draw: (d) => (d.rnd() < 0.5 ? { country: d.country().country, ...d.range() } : d.range()),
  },
  {
    name: 'stats: word (+ country)',
    weight: 3,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return { q: d.word(c.lang), ...(d.rnd() < 0.5 ? { country: c.country } : {}), ...d.range() }
    },
  },
  {
    // Issue 27: the entity facet (the newest 1,000 matches' entities) on top of the stats.
    name: 'stats: entity facet (entities=10)',
    weight: 1,
    endpoint: '/v1/stats',
    draw: (d) => {
      const c = d.country()
      return {
        entities: '10',
        ...(d.rnd() < 0.5 ? { q: d.word(c.lang) } : {}),
        ...(d.rnd() < 0.5 ? { country: c.country } : {}),
        ...(d.rnd() < 0.3 ? { category: d.pick(CATS) } : {}),
        ...d.range(),
      }
    },
  },
]
