import { describe, expect, test } from 'bun:test'
import { findEndpoint } from '../../core/endpoints.ts'
import { EMPTY_SLUG, SLUG_MAX_CHARS, normalizeSlug, slugify, uniqueSlugs } from '../../core/trends/slug.ts'

const pathSlug = findEndpoint('/v1/trends/{cc}/{slug}')?.pathParams.slug
const SLUG_PATTERN = pathSlug?.kind === 'string' && pathSlug.pattern !== undefined ? pathSlug.pattern : /^$/

describe('slugify', () => {
  test.each([
    { name: 'non-ASCII letters kept', title: 'Eleição em São Paulo', want: 'eleição-em-são-paulo' },
    {
      name: 'punctuation dropped',
      title: 'Storm hits coast: "millions" without power (live)!',
      want: 'storm-hits-coast-millions-without-power-live',
    },
    { name: 'inner apostrophes joined', title: "Trump's tariffs: what's next?", want: 'trumps-tariffs-whats-next' },
    { name: 'dotted acronym', title: 'U.S. stocks rally 5%', want: 'us-stocks-rally-5' },
    {
      name: 'dashes and spaces collapse',
      title: '  Ampel-Koalition  –  zerbricht  ',
      want: 'ampel-koalition-zerbricht',
    },
    { name: 'German', title: 'Scholz entlässt Finanzminister', want: 'scholz-entlässt-finanzminister' },
    { name: 'Greek', title: 'Νίκη της Εθνικής!', want: 'νίκη-της-εθνικής' },
    { name: 'Cyrillic', title: 'Выборы в Москве', want: 'выборы-в-москве' },
    { name: 'Arabic', title: 'الرئيس يزور القاهرة', want: 'الرئيس-يزور-القاهرة' },
    { name: 'Devanagari keeps its vowel signs', title: 'मुंबई में बारिश', want: 'मुंबई-में-बारिश' },
    { name: 'Chinese cut into words', title: '中国经济增长', want: '中国-经济-增长' },
    { name: 'Japanese cut into words', title: '東京で地震', want: '東京-で-地震' },
    { name: 'Korean words', title: '대통령 국회 연설', want: '대통령-국회-연설' },
    { name: 'no letters at all', title: '!!! — ???', want: EMPTY_SLUG },
    { name: 'empty', title: '', want: EMPTY_SLUG },
  ])('$name', ({ title, want }) => {
    const slug = slugify(title)
    expect(slug).toBe(want)
    expect(SLUG_PATTERN.test(slug)).toBe(true)
  })

  test('composed and decomposed titles give the same slug', () => {
    expect(slugify('Sa\u0303o Paulo')).toBe(slugify('São Paulo'))
  })

  test('capped at whole words', () => {
    const title = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
    const slug = slugify(title)
    expect([...slug].length).toBeLessThanOrEqual(SLUG_MAX_CHARS)
    expect(title.toLowerCase().replaceAll(' ', '-').startsWith(slug)).toBe(true)
    expect(slug.endsWith('-')).toBe(false)
    // One more word would not fit.
    const next = `word${slug.split('-').length}`
    expect([...slug].length + 1 + next.length).toBeGreaterThan(SLUG_MAX_CHARS)
  })

  test('a single word longer than the cap is cut', () => {
    expect(slugify('ä'.repeat(SLUG_MAX_CHARS + 20))).toBe('ä'.repeat(SLUG_MAX_CHARS))
  })

  test('every slug fits the registry path pattern and length', () => {
    const maxLength = pathSlug?.kind === 'string' ? pathSlug.maxLength : 0
    for (const title of [
      "İstanbul'da deprem",
      'x'.repeat(500),
      'Ñandú — ¿qué?',
      '1 2 3',
      'ﬁ ligature',
      'Ａｂｃ fullwidth',
    ]) {
      const slug = uniqueSlugs([slugify(title), slugify(title)])[1] ?? ''
      expect(SLUG_PATTERN.test(slug)).toBe(true)
      expect(slug.length).toBeLessThanOrEqual(maxLength)
    }
  })
})

describe('uniqueSlugs', () => {
  test.each([
    { name: 'no collision', bases: ['a', 'b'], want: ['a', 'b'] },
    { name: 'collisions numbered in order', bases: ['a', 'a', 'a'], want: ['a', 'a-2', 'a-3'] },
    { name: 'a base already ending in -2', bases: ['a', 'a-2', 'a'], want: ['a', 'a-2', 'a-3'] },
    { name: 'a numbered base taken first', bases: ['a-2', 'a', 'a'], want: ['a-2', 'a', 'a-3'] },
    { name: 'a numbered base colliding with a number', bases: ['a', 'a', 'a-2'], want: ['a', 'a-2', 'a-2-2'] },
  ])('$name', ({ bases, want }) => expect(uniqueSlugs(bases)).toEqual([...want]))
})

describe('normalizeSlug: a slug read back from a path', () => {
  test.each([
    {
      name: 'percent-encoded round trip',
      sent: decodeURIComponent(encodeURIComponent('eleição-em-são-paulo')),
      want: 'eleição-em-são-paulo',
    },
    { name: 'decomposed letters', sent: 'elei\u0063\u0327a\u0303o', want: 'eleição' },
    { name: 'upper case', sent: 'ELEIÇÃO-EM-SÃO-PAULO', want: 'eleição-em-são-paulo' },
  ])('$name', ({ sent, want }) => expect(normalizeSlug(sent)).toBe(want))
})
