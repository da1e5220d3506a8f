/**
 * Synthetic articles for the benchmarks: Zipf vocabulary, 8 languages, 30 countries, 2,000 hosts,
 * published over the 90 days before NOW_S, written through the real ArticleWriter by the caller.
 */
import { articleId } from '../core/article-id.ts'
import { isoSeconds } from '../core/config.ts'
import type { ArticleRow } from '../store/articles.ts'
import { mulberry32 } from '../core/random.ts'

export const NOW_S = Date.parse('2026-11-21T14:00:00Z') / 1000


export const LANGS = ['en', 'es', 'pt', 'fr', 'de', 'it', 'ru', 'ja']
export const COUNTRIES = ['US', 'GB', 'AU', 'IN', 'CA', 'IE', 'ES', 'MX', 'AR', 'BR', 'PT', 'FR', 'BE', 'DE', 'AT', 'CH', 'IT', 'RU', 'JP', 'NL', 'TR', 'KR', 'CN', 'EG', 'SA', 'ZA', 'NG', 'NZ', 'CO', 'CL']
const VOCAB = 20_000

function word(rnd: () => number): string {
  // Zipf-ish: rank ~ 1/u
  const rank = Math.min(VOCAB - 1, Math.floor(1 / (rnd() * 0.999 + 0.001)) + Math.floor(rnd() * rnd() * VOCAB))
  return `w${rank.toString(36)}`
}

export function* articles(n: number, seed: number): Generator<ArticleRow> {
  const rnd = mulberry32(seed)
  for (let i = 0; i < n; i++) {
    const lang = LANGS[Math.floor(rnd() * LANGS.length)] as string
    const country = COUNTRIES[Math.floor(rnd() * COUNTRIES.length)] as string
    const host = `pub${Math.floor(rnd() * 2000)}.example.${country.toLowerCase()}`
    const title = Array.from({ length: 8 + Math.floor(rnd() * 5) }, () => word(rnd)).join(' ')
    const description = Array.from({ length: 25 + Math.floor(rnd() * 11) }, () => word(rnd)).join(' ')
    const published = NOW_S - Math.floor(rnd() * 90 * 86400)
    const url = `https://${host}/a/${i}`
    yield {
      id: articleId(url), url, target_uri: url, title, description,
      published_at: isoSeconds(new Date(published * 1000)), date_source: 'meta', crawled_at: isoSeconds(new Date((published + 900) * 1000)),
      host, tld: country.toLowerCase(), image: '', authors: [], tags: [], text: '', words: 300, declared_lang: lang, section: '', site_country: '',
      lang, country, country_source: 'tld', category: 'world', category_confidence: 0, category_by: 'terms', sentiment: 'neu', score: 0, labelled_by: 'lexicon',
      lexicon_score: 0, lexicon_terms: '', is_bitcoin: false, dup_key: url, source_file: 'bench',
    }
  }
}


export { mulberry32 }
