import { describe, expect, test } from 'bun:test'
import type { ExtractedArticle } from '../../core/article.ts'
import { COUNTRY_CODES, LANGUAGE_DEFAULT_COUNTRY } from '../../core/enrich/country-data.ts'
import { countryFromDateline, countryFromHost, countryFromStatement, inferCountry } from '../../core/enrich/country.ts'
import { article } from './fixtures.ts'

describe('countryFromHost', () => {
  test.each([
    { host: 'lemonde.fr', want: 'FR' },
    { host: 'bbc.co.uk', want: 'GB' },
    { host: 'news.bbc.co.uk', want: 'GB' },
    { host: 'folha.uol.com.br', want: 'BR' },
    { host: 'abc.net.au', want: 'AU' },
    { host: 'smh.com.au', want: 'AU' },
    { host: 'asahi.co.jp', want: 'JP' },
    { host: 'nikkei.co.jp', want: 'JP' },
    { host: 'chosun.co.kr', want: 'KR' },
    { host: 'thehindu.co.in', want: 'IN' },
    { host: 'nzherald.co.nz', want: 'NZ' },
    { host: 'news24.co.za', want: 'ZA' },
    { host: 'eluniversal.com.mx', want: 'MX' },
    { host: 'clarin.com.ar', want: 'AR' },
    { host: 'sina.com.cn', want: 'CN' },
    { host: 'hurriyet.com.tr', want: 'TR' },
    { host: 'ria.ru', want: 'RU' },
    { host: 'spiegel.de', want: 'DE' },
    { host: 'nos.nl', want: 'NL' },
    { host: 'ansa.it', want: 'IT' },
    { host: 'elpais.es', want: 'ES' },
    { host: 'publico.pt', want: 'PT' },
    { host: 'ntv.com.tr', want: 'TR' },
    { host: 'kommersant.su', want: 'RU' },
    { host: 'президент.рф', want: 'RU' },
    { host: 'kremlin.xn--p1ai', want: 'RU' },
    { host: 'news.xn--3e0b707e', want: 'KR' },
    { host: 'site.london', want: 'GB' },
    { host: 'site.nyc', want: 'US' },
    { host: 'brand.uk.com', want: 'GB' },
    { host: 'eltiempo.com.co', want: 'CO' },
    { host: 'VG.NO', want: 'NO' },
    { host: 'bbc.co.uk.', want: 'GB' },
    // generic TLDs and vanity ccTLDs never imply a country
    { host: 'cnn.com', want: '' },
    { host: 'wikipedia.org', want: '' },
    { host: 'example.net', want: '' },
    { host: 'techcrunch.io', want: '' },
    { host: 'daily.news', want: '' },
    { host: 'crypto.co', want: '' },
    { host: 'stream.tv', want: '' },
    { host: 'about.me', want: '' },
    { host: 'openai.ai', want: '' },
    { host: 'europa.eu', want: '' },
    { host: 'localhost', want: '' },
    { host: 'uk.com', want: '' },
  ])('$host → "$want"', ({ host, want }) => expect(countryFromHost(host)).toBe(want))
})

describe('countryFromDateline', () => {
  test.each([
    { text: 'LONDON (Reuters) - Britain’s economy grew', want: 'GB' },
    { text: 'WASHINGTON — The Senate voted on Tuesday', want: 'US' },
    { text: 'NEW YORK, March 3 (Reuters) -- Stocks rose', want: 'US' },
    { text: 'PARIS (AFP) – Le gouvernement a annoncé', want: 'FR' },
    { text: 'BERLIN (dpa) - Die Bundesregierung will', want: 'DE' },
    { text: 'MEXICO CITY (AP) — Mexico’s economy grew by 1.1%', want: 'MX' },
    { text: "KATHMANDU, April 25 (Reuters) - Nepal's civil aviation authority", want: 'NP' },
    { text: 'NEW DELHI: The government on Monday said', want: 'IN' },
    { text: 'São Paulo (Reuters) — Brazilian stocks fell', want: 'BR' },
    { text: 'МОСКВА, 5 марта. /ТАСС/. Президент России', want: 'RU' },
    { text: 'القاهرة (رويترز) - قالت الحكومة', want: 'EG' },
    { text: "Tokyo (Kyodo) -- Japan's government", want: 'JP' },
    // no dateline: an ordinary opening sentence, an unknown place, nothing at all
    { text: 'London is bracing for a strike on Monday.', want: '' },
    { text: 'London - the city that never sleeps - is', want: '' },
    { text: 'SPRINGFIELD (AP) — A local man', want: '' },
    { text: 'BREAKING: markets fall', want: '' },
    { text: '', want: '' },
  ])('$text → "$want"', ({ text, want }) => expect(countryFromDateline(text)).toBe(want))
})

describe('countryFromStatement', () => {
  test.each([
    { stated: 'GB', want: 'GB' },
    { stated: 'uk', want: 'GB' },
    { stated: 'United Kingdom', want: 'GB' },
    { stated: 'Deutschland', want: 'DE' },
    { stated: 'Brasil', want: 'BR' },
    { stated: 'États-Unis', want: 'US' },
    { stated: 'USA', want: 'US' },
    { stated: 'Россия', want: 'RU' },
    { stated: '日本', want: 'JP' },
    { stated: 'LONDON (Reuters) -', want: 'GB' },
    { stated: 'ZZ', want: '' },
    { stated: 'Atlantis', want: '' },
    { stated: '', want: '' },
  ])('$stated → "$want"', ({ stated, want }) => expect(countryFromStatement(stated)).toBe(want))
})

const INFER: Array<{ name: string; a: Partial<ExtractedArticle>; lang: string; want: [string, string] }> = [
  {
    name: 'ccTLD wins over everything',
    a: { host: 'lemonde.fr', declared_lang: 'en-US', site_country: 'GB' },
    lang: 'fr',
    want: ['FR', 'tld'],
  },
  { name: 'second-level ccTLD', a: { host: 'bbc.co.uk' }, lang: 'en', want: ['GB', 'tld'] },
  {
    name: 'declared region on a generic TLD',
    a: { host: 'example.com', declared_lang: 'en-GB' },
    lang: 'en',
    want: ['GB', 'html'],
  },
  { name: 'pt-BR on .com', a: { host: 'globo.com', declared_lang: 'pt-BR' }, lang: 'pt', want: ['BR', 'html'] },
  { name: 'og:locale form', a: { host: 'example.com', declared_lang: 'es_AR' }, lang: 'es', want: ['AR', 'html'] },
  {
    name: 'region ignored when its language did not hold',
    a: { host: 'example.com', declared_lang: 'en-US' },
    lang: 'es',
    want: ['MX', 'default'],
  },
  {
    name: 'es-419 has no country',
    a: { host: 'example.com', declared_lang: 'es-419' },
    lang: 'es',
    want: ['MX', 'default'],
  },
  {
    name: 'publisher country',
    a: { host: 'example.com', site_country: 'Germany' },
    lang: 'de',
    want: ['DE', 'content'],
  },
  {
    name: 'dateline',
    a: { host: 'example.com', text: 'LONDON (Reuters) - Shares fell.' },
    lang: 'en',
    want: ['GB', 'content'],
  },
  {
    name: 'English on a generic TLD with nothing else',
    a: { host: 'example.com' },
    lang: 'en',
    want: ['US', 'default'],
  },
  { name: 'English on .io', a: { host: 'news.example.io' }, lang: 'en', want: ['US', 'default'] },
  { name: 'Russian on .com', a: { host: 'example.com' }, lang: 'ru', want: ['RU', 'default'] },
  { name: 'Arabic on .net', a: { host: 'example.net' }, lang: 'ar', want: ['EG', 'default'] },
  { name: 'Hindi on .org', a: { host: 'example.org' }, lang: 'hi', want: ['IN', 'default'] },
  { name: 'Chinese on .com', a: { host: 'example.com' }, lang: 'zh', want: ['CN', 'default'] },
  { name: 'Korean on .news', a: { host: 'daily.news' }, lang: 'ko', want: ['KR', 'default'] },
  { name: 'a language with no table entry', a: { host: 'example.com' }, lang: 'xx', want: ['US', 'default'] },
]

describe('inferCountry', () => {
  test.each(INFER)('$name', ({ a, lang, want }) => {
    const got = inferCountry(article(a), lang)
    expect([got.country, got.country_source]).toEqual(want)
  })
})

describe('country tables', () => {
  test('ISO 3166-1 has 249 codes (plus XK)', () => expect(COUNTRY_CODES.size).toBe(250))

  test('every ISO code is a region CLDR can name', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' })
    const unnamed = [...COUNTRY_CODES].filter((c) => names.of(c) === c)
    expect(unnamed).toEqual([])
  })

  test('every default country is a country code', () => {
    const bad = Object.entries(LANGUAGE_DEFAULT_COUNTRY).filter(([, c]) => !COUNTRY_CODES.has(c))
    expect(bad).toEqual([])
  })

  test('the 14 demo languages all have a default country', () => {
    const missing = ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ru', 'ar', 'hi', 'zh', 'ja', 'ko', 'tr'].filter(
      (l) => !(l in LANGUAGE_DEFAULT_COUNTRY),
    )
    expect(missing).toEqual([])
  })
})
