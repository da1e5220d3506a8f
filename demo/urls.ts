/** The demo's URLs (demo/plan.ts): a publisher's site, an article's clean and crawled URL, the pages that are not articles. */
import { parts } from './dates.ts'
import type { DemoLang } from './lang/index.ts'
import { LANG_PACKS } from './lang/index.ts'
import { CATEGORY_WEIGHTS } from './plan-mix.ts'
import type { ArticleSpec, ExtraKind } from './plan-types.ts'
import type { Rng } from './prng.ts'
import type { Publisher } from './publishers.ts'

const LATIN_LANGS: ReadonlySet<DemoLang> = new Set<DemoLang>(['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'tr'])

export function slugify(title: string, lang: DemoLang): string {
  let s = title.toLowerCase()
  if (lang === 'de') s = s.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
  s = s
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
  s = s.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  return s.split('-').slice(0, 9).join('-')
}

export function siteBase(publisher: Publisher): string {
  return `https://${publisher.www ? 'www.' : ''}${publisher.host}`
}

/** The article's clean URL; the section, when present, is the category in the publisher's language. */
export function articleUrl(spec: ArticleSpec): string {
  const pub = spec.publisher
  const base = siteBase(pub)
  const section = LANG_PACKS[pub.lang].sections[spec.slots.category][0]
  const slug = LATIN_LANGS.has(pub.lang) ? slugify(spec.title, pub.lang) : ''
  const slugId = slug === '' ? String(spec.id) : `${slug}-${spec.id}`
  const local = parts(spec.publishedMs, pub.offsetMin)
  const utc = parts(spec.publishedMs)
  switch (pub.template) {
    case 'og':
      return slug === ''
        ? `${base}/${section}/${local.y}${local.m}${local.d}/${spec.id}.html`
        : `${base}/${section}/${slugId}`
    case 'jsonld':
      return `${base}/${section}/${local.y}/${local.m}/${local.d}/${slugId}/`
    case 'graph':
      return pub.sectionInUrl ? `${base}/${section}/${slugId}` : `${base}/news/${slugId}`
    case 'time':
      return `${base}/${section}/${slug === '' ? `a${spec.id}` : slugId}.html`
    case 'metadate':
      return pub.sectionInUrl ? `${base}/${section}/${spec.id}` : `${base}/articles/${spec.id}`
    case 'urldate':
      return `${base}/${utc.y}/${utc.m}/${utc.d}/${slugId}/`
    case 'bare':
      return `${base}/story/${spec.id}`
  }
}

/** The crawled URL: the clean one, or (on pages with a canonical link) one with feed tracking. */
export function crawlUri(spec: ArticleSpec, rng: Rng): string {
  if (spec.original !== null || !spec.publisher.hasCanonical || !rng.chance(0.3)) return spec.canonicalUrl
  return `${spec.canonicalUrl}?utm_source=${rng.pick(['rss', 'twitter', 'newsletter', 'facebook'])}&utm_medium=${rng.pick(['feed', 'social', 'email'])}`
}

export function extraUri(kind: ExtraKind, publisher: Publisher, key: number, rng: Rng): string {
  const base = siteBase(publisher)
  const section = LANG_PACKS[publisher.lang].sections[rng.pick(CATEGORY_WEIGHTS)[0]][0]
  switch (kind) {
    case 'robots':
      return `${base}/robots.txt`
    case 'json':
      return `${base}/api/v2/articles/latest.json?page=${1 + rng.int(5)}`
    case 'image':
      return `${base}/media/${key}.jpg`
    case 'redirect':
      return `http://${publisher.host}/${section}/${key}`
    case 'not-found':
      return `${base}/${section}/old-${key}.html`
  }
}
