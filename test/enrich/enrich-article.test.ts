import { describe, expect, test } from 'bun:test'
import type { Enrichment } from '../../core/article.ts'
import { isCategory } from '../../core/categories.ts'
import { ENTITIES_MAX, enrichArticle, extractEntities } from '../../core/enrich/index.ts'
import { isEntityKey } from '../../core/entity.ts'
import { article } from './fixtures.ts'

type Want = Partial<Enrichment> & { sentimentSign?: -1 | 0 | 1 }

const CASES: Array<{ name: string; a: Parameters<typeof article>[0]; want: Want }> = [
  {
    name: 'English wire copy on a generic TLD, html region',
    a: {
      url: 'https://www.example.com/markets/bitcoin-surges',
      host: 'example.com',
      declared_lang: 'en-US',
      section: 'Markets',
      title: 'Bitcoin surges to a record high as ETF inflows jump',
      description: 'The cryptocurrency rallied on strong demand.',
      text: 'NEW YORK (Reuters) - Bitcoin rose to a record on Tuesday as investors poured money into funds.',
    },
    want: {
      lang: 'en',
      country: 'US',
      country_source: 'html',
      category: 'business',
      is_bitcoin: true,
      labelled_by: 'model',
      sentiment: 'pos',
    },
  },
  {
    name: 'English on .com with only a dateline',
    a: {
      host: 'example.com',
      title: 'Police arrest two after robbery',
      text: 'LONDON (Reuters) - Police arrested two men on Monday.',
    },
    want: {
      lang: 'en',
      country: 'GB',
      country_source: 'content',
      category: 'crime',
      is_bitcoin: false,
      labelled_by: 'model',
    },
  },
  {
    name: 'English with nothing but the language: the en-US default',
    a: { host: 'example.com', title: 'The striker scored twice as the club won the league match' },
    want: { lang: 'en', country: 'US', country_source: 'default', category: 'sport' },
  },
  {
    name: 'Russian on .ru, negated verb',
    a: {
      url: 'https://ria.ru/20250101/ekonomika-123.html',
      host: 'ria.ru',
      declared_lang: 'ru',
      title: 'Биткоин не вырос после решения ФРС',
      description: 'Курс криптовалюты упал на пять процентов.',
    },
    want: {
      lang: 'ru',
      country: 'RU',
      country_source: 'tld',
      category: 'business',
      is_bitcoin: true,
      labelled_by: 'lexicon',
      sentiment: 'neg',
      lexicon_terms: '-не вырос,-упал',
    },
  },
  {
    name: 'Arabic on .com.eg',
    a: {
      host: 'youm7.com.eg',
      title: 'البنك المركزي يرفع أسعار الفائدة',
      description: 'ارتفاع البيتكوين وتفاؤل المستثمرين في البورصة',
    },
    want: {
      lang: 'ar',
      country: 'EG',
      country_source: 'tld',
      category: 'business',
      is_bitcoin: true,
      labelled_by: 'lexicon',
      sentimentSign: 1,
    },
  },
  {
    name: 'Hindi with an en template default and an IN region that must not stand',
    a: {
      host: 'example.com',
      declared_lang: 'en-IN',
      title: 'क्रिकेट: भारत ने मैच जीता, खिलाड़ी ने शतक बनाया',
      description: 'टीम इंडिया की शानदार जीत',
    },
    want: {
      lang: 'hi',
      country: 'IN',
      country_source: 'default',
      category: 'sport',
      is_bitcoin: false,
      labelled_by: 'lexicon',
    },
  },
  {
    name: 'Chinese on .com.cn with a section',
    a: {
      host: 'finance.sina.com.cn',
      declared_lang: 'zh-CN',
      section: '财经',
      title: '比特币价格暴跌，市场恐慌',
      text: '周二比特币价格大幅下跌。',
    },
    want: {
      lang: 'zh',
      country: 'CN',
      country_source: 'tld',
      category: 'business',
      is_bitcoin: true,
      sentiment: 'neg',
      labelled_by: 'lexicon',
    },
  },
  {
    name: 'Japanese, region from the locale',
    a: {
      host: 'example.com',
      declared_lang: 'ja-JP',
      title: 'ビットコインが急騰、最高値を更新',
      description: '暗号資産市場が回復',
    },
    want: {
      lang: 'ja',
      country: 'JP',
      country_source: 'html',
      category: 'business',
      is_bitcoin: true,
      sentiment: 'pos',
    },
  },
  {
    name: 'Korean on .co.kr',
    a: { host: 'chosun.co.kr', title: '비트코인 급등, 투자자 낙관', description: '가상화폐 시장 회복세' },
    want: {
      lang: 'ko',
      country: 'KR',
      country_source: 'tld',
      is_bitcoin: true,
      sentiment: 'pos',
      labelled_by: 'lexicon',
    },
  },
  {
    name: 'Spanish on .com with no signal: most-speakers default',
    a: { host: 'example.com', title: 'El Gobierno y la oposición negocian en el Congreso antes de las elecciones' },
    want: { lang: 'es', country: 'MX', country_source: 'default', category: 'politics', is_bitcoin: false },
  },
  {
    name: 'Turkish with a /spor/ path',
    a: {
      url: 'https://www.hurriyet.com.tr/spor/galatasaray-kazandi-123',
      host: 'hurriyet.com.tr',
      title: 'Galatasaray maçı kazandı',
    },
    want: { lang: 'tr', country: 'TR', country_source: 'tld', category: 'sport' },
  },
]

describe('enrichArticle', () => {
  test.each(CASES)('$name', ({ a, want }) => {
    const got = enrichArticle(article(a))
    const { sentimentSign, ...fields } = want
    expect(got).toMatchObject(fields)
    if (sentimentSign !== undefined) expect(Math.sign(got.lexicon_score)).toBe(sentimentSign)
  })

  test('every field is present and well-formed', () => {
    for (const { a } of CASES) {
      const got = enrichArticle(article(a))
      expect(got.lang).toMatch(/^[a-z]{2}$/)
      expect(got.country).toMatch(/^[A-Z]{2}$/)
      expect(['tld', 'html', 'content', 'default']).toContain(got.country_source)
      expect(isCategory(got.category)).toBe(true)
      expect(got.category_confidence).toBeGreaterThanOrEqual(0)
      expect(got.category_confidence).toBeLessThanOrEqual(1)
      expect(['pos', 'neu', 'neg']).toContain(got.sentiment)
      expect(Math.abs(got.score)).toBeLessThanOrEqual(1)
      expect(Number.isInteger(got.lexicon_score)).toBe(true)
      expect(got.lexicon_terms).toMatch(/^(?:[+-][^,]+(?:,[+-][^,]+)*)?$/)
      expect(got.entities.length).toBeLessThanOrEqual(ENTITIES_MAX)
      for (const e of got.entities) expect(isEntityKey(e.key)).toBe(true)
    }
  })

  test('entities are those of the detected language', () => {
    const a = article({ title: 'Scholz meets Macron', text: 'Olaf Scholz met Emmanuel Macron in Paris on Monday.' })
    const got = enrichArticle(a)
    expect(got.entities).toEqual(extractEntities(a, got.lang))
    expect(got.entities.map((e) => e.key)).toContain('person:emmanuel-macron')
  })

  test('hostile input: megabyte fields, control characters and lone surrogates stay cheap and well-formed', () => {
    const huge = 'bitcoin крах '.repeat(100_000)
    const a = article({
      url: `https://example.com/${'a/'.repeat(50_000)}`,
      title: huge,
      description: `\u0000\ud800${huge}`,
      text: '\ud83d'.repeat(10_000) + huge,
      tags: Array.from({ length: 10_000 }, () => huge.slice(0, 1000)),
      section: huge,
      declared_lang: `${'x'.repeat(10_000)}-GB`,
      site_country: huge,
    })
    const t0 = performance.now()
    const got = enrichArticle(a)
    expect(performance.now() - t0).toBeLessThan(250)
    expect(got.lang).toMatch(/^[a-z]{2}$/)
    expect(got.country).toMatch(/^[A-Z]{2}$/)
    expect(got.is_bitcoin).toBe(true)
  })

  test('pure: the same input gives the same output and is not modified', () => {
    const input = article(CASES[0]?.a)
    const copy = structuredClone(input)
    expect(enrichArticle(input)).toEqual(enrichArticle(copy))
    expect(input).toEqual(copy)
  })
})
