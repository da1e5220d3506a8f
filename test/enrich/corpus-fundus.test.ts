/**
 * Real pages from 181 publishers in 41 countries (shared/corpus/fundus-news-fixtures): language
 * against each page's own `<html lang>`, and country against the folder the page is filed under.
 */
import { describe, expect, test } from 'bun:test'
import { type FundusPage, fundusAvailable, loadFundus } from '../../bench/extract-corpus.ts'
import { extractArticle } from '../../batch/extract/extract-article.ts'
import { countryFromHost, inferCountry } from '../../core/enrich/country.ts'
import { detectLanguage, detectLanguageWithDetector } from '../../core/enrich/language.ts'
import { parseLocale } from '../../core/enrich/locale.ts'

const HTML_LANG_RE = /<html[^>]*\slang=["']?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)/i
// Folder names that are not ISO codes (see the corpus' SOURCES.md); `gl` holds global outlets.
const FOLDER_COUNTRY: Readonly<Record<string, string>> = { uk: 'GB', ind: 'IN', isl: 'IS' }

if (!fundusAvailable()) console.log('skipping the fundus corpus tests: shared/corpus/fundus-news-fixtures is absent')
const pages: FundusPage[] = fundusAvailable() ? (loadFundus() ?? []) : []

function input(p: FundusPage, declared: string) {
  return {
    declared_lang: declared,
    title: p.expected.title ?? '',
    description: '',
    text: p.expected.bodyParagraphs.join('\n\n'),
  }
}

describe.skipIf(pages.length === 0)('fundus fixtures', () => {
  test('with the page declaration, the language is the declared one on ≥ 97% of pages', () => {
    const declared = pages
      .map((p) => ({ p, lang: HTML_LANG_RE.exec(p.html)?.[1] ?? '' }))
      .filter((x) => parseLocale(x.lang).lang !== '')
    const misses = declared.filter(({ p, lang }) => detectLanguage(input(p, lang)) !== parseLocale(lang).lang)
    console.log(`fundus: ${declared.length - misses.length}/${declared.length} declared languages kept`)
    for (const { p, lang } of misses)
      console.log(`  ${p.file}: declared ${lang}, got ${detectLanguage(input(p, lang))}`)
    expect(1 - misses.length / declared.length).toBeGreaterThanOrEqual(0.97)
  })

  test("the cheap declaration checks give eld's answer on every page, under its own and under wrong declarations", () => {
    const declarations = ['', 'en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ca', 'ru', 'uk', 'ar', 'zh', 'ja', 'ko', 'he']
    const differ: string[] = []
    let cases = 0
    for (const p of pages) {
      for (const declared of [HTML_LANG_RE.exec(p.html)?.[1] ?? '', ...declarations]) {
        const a = input(p, declared)
        cases++
        const fast = detectLanguage(a)
        const slow = detectLanguageWithDetector(a)
        if (fast !== slow) differ.push(`${p.file} declared ${declared}: ${fast} against eld's ${slow}`)
      }
    }
    console.log(`fundus: ${cases - differ.length}/${cases} declaration cases agree with the detector-only path`)
    expect(differ).toEqual([])
  })

  test('from the text alone, eld agrees with the declaration on ≥ 92% of pages', () => {
    const declared = pages
      .map((p) => ({ p, lang: parseLocale(HTML_LANG_RE.exec(p.html)?.[1] ?? '').lang }))
      .filter((x) => x.lang !== '')
    const agree = declared.filter(({ p, lang }) => detectLanguage(input(p, '')) === lang).length
    console.log(`fundus: text-only detection agrees on ${agree}/${declared.length}`)
    expect(agree / declared.length).toBeGreaterThanOrEqual(0.92)
  })

  test('a ccTLD host names the folder country on ≥ 98% of pages', () => {
    const withTld = pages
      .map((p) => ({ p, got: countryFromHost(new URL(p.url).hostname.replace(/^www\./, '')) }))
      .filter((x) => x.got !== '' && x.p.country !== 'gl')
    const right = withTld.filter(({ p, got }) => got === (FOLDER_COUNTRY[p.country] ?? p.country.toUpperCase())).length
    console.log(`fundus: ccTLD country right on ${right}/${withTld.length}`)
    expect(right / withTld.length).toBeGreaterThanOrEqual(0.98)
  })

  // Every page through extraction and enrichment's country rule (TLD, declared locale, what the
  // page states, the language's default country), against the publisher's folder. Measured
  // 2026-11-27: 233/257 (TLD 170/170, declared locale 42/49, stated 4/4, default 17/34); the
  // misses are .com publishers outside the US (nationalpost.com, elpais.com, theguardian.com…).
  test('through extraction, the country is the folder country on ≥ 88% of pages (every source)', () => {
    const bySource = new Map<string, { right: number; all: number }>()
    for (const p of pages) {
      if (p.country === 'gl') continue
      const a = extractArticle({ html: p.html, targetUri: p.url, warcDate: p.crawledAt, httpHeaders: {} })
      const want = FOLDER_COUNTRY[p.country] ?? p.country.toUpperCase()
      const got = a === null ? { country: '', country_source: 'none' } : inferCountry(a, detectLanguage(a))
      const s = bySource.get(got.country_source) ?? { right: 0, all: 0 }
      s.all++
      if (got.country === want) s.right++
      bySource.set(got.country_source, s)
    }
    const all = [...bySource.values()].reduce((t, s) => ({ right: t.right + s.right, all: t.all + s.all }), {
      right: 0,
      all: 0,
    })
    console.log(
      `fundus: country right on ${all.right}/${all.all} (${[...bySource].map(([k, s]) => `${k} ${s.right}/${s.all}`).join(', ')})`,
    )
    expect(all.all).toBeGreaterThan(250)
    expect(all.right / all.all).toBeGreaterThanOrEqual(0.88)
    expect(bySource.get('tld')?.right).toBe(bySource.get('tld')?.all)
  })
})
