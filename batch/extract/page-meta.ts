/**
 * The metadata a page states outside JSON-LD, gathered in one walk of the tree: `<meta>` values by
 * lower-cased name/property/itemprop, the canonical link, `<html lang>`, `<title>`, the first `<h1>`,
 * `<time datetime>` values and microdata (`itemprop=datePublished`, `itemprop=author`).
 */
import { namesOf, rawTextOf, walkElements, type HtmlDocument, type HtmlElement } from './html-tree.ts'

export interface PageMeta {
  /** `<meta>` contents keyed by lower-case name, property, itemprop or http-equiv, in page order. */
  metas: Map<string, string[]>
  canonical: string
  htmlLang: string
  titleTag: string
  h1: string
  /** `datetime` of `<time>` elements, microdata datePublished first. */
  times: string[]
  /** Microdata author names (`itemprop=author` and its `itemprop=name`). */
  microdataAuthors: string[]
  /** Short visible texts of `rel=author` links and author/byline-named elements, best first. */
  bylines: string[]
}

/** Longest element text read for a metadata value. */
const MAX_VALUE_CHARS = 2_000
const MAX_TIMES = 20
const MAX_BYLINE_CHARS = 80
const MAX_BYLINES = 10
/** Author/byline-named elements examined at most (bounds pages made of nested `author` spans). */
const MAX_BYLINE_CANDIDATES = 200

const MAY_NAME_AUTHOR_RE = /author|byline/i
const mayNameAuthor = (name: string | undefined): boolean => name !== undefined && MAY_NAME_AUTHOR_RE.test(name)

/** Class words of an element naming an author (`author-name`, `byline__author`, `authorName`). */
function bylineRank(element: HtmlElement): number {
  if (element.tag === 'a' && /(?:^|\s)author(?:\s|$)/i.test(element.attrs.rel ?? '')) return 0
  // Every word that names an author contains one of these; most class names contain neither, and
  // this test is what keeps the walk cheap (it runs on every element with a class or id). In any
  // case, as lower-casing would (boilerplate.ts's MAY_NAME_BODY_RE says why they agree); on class
  // and id apart, as no match spans the space namesOf joins them with.
  if (!mayNameAuthor(element.attrs.class) && !mayNameAuthor(element.attrs.id)) return -1
  const value = namesOf(element)
  const words = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
  const named =
    words.includes('author') || words.includes('authors') || words.includes('byline') || words.includes('authorname')
  if (!named) return -1
  return words.includes('name') || words.includes('authorname') ? 1 : 2
}

function boundedText(element: HtmlElement): string {
  const text = rawTextOf(element, MAX_VALUE_CHARS)
  return text.length > MAX_VALUE_CHARS ? text.slice(0, MAX_VALUE_CHARS) : text
}

function addMeta(metas: Map<string, string[]>, key: string, value: string): void {
  const list = metas.get(key)
  if (list === undefined) metas.set(key, [value])
  else if (list.length < 100) list.push(value)
}

function authorName(element: HtmlElement): string {
  if (element.attrs.content !== undefined) return element.attrs.content
  let name = ''
  walkElements(element, (child) => {
    if (name !== '') return false
    if (child !== element && child.attrs.itemprop === 'name') {
      name = child.attrs.content ?? boundedText(child)
      return false
    }
    return true
  })
  return name !== '' ? name : boundedText(element)
}

export function readPageMeta(doc: HtmlDocument): PageMeta {
  const metas = new Map<string, string[]>()
  let canonical = ''
  let htmlLang = ''
  let titleTag = ''
  let h1 = ''
  const microdataTimes: string[] = []
  const times: string[] = []
  const microdataAuthors: string[] = []
  const bylines: { rank: number; text: string }[] = []
  let bylineCandidates = 0

  walkElements(doc.root, (element) => {
    const attrs = element.attrs
    if (
      bylines.length < MAX_BYLINES &&
      bylineCandidates < MAX_BYLINE_CANDIDATES &&
      element.tag !== 'meta' &&
      element.tag !== 'link'
    ) {
      const rank = bylineRank(element)
      if (rank >= 0) {
        bylineCandidates++
        // Raw text beyond 4× the cap cannot collapse to a byline; stop reading there.
        const text = rawTextOf(element, MAX_BYLINE_CHARS * 4)
          .replace(/\s+/g, ' ')
          .trim()
        if (text.length >= 3 && text.length <= MAX_BYLINE_CHARS) bylines.push({ rank, text })
      }
    }
    switch (element.tag) {
      case 'meta': {
        const content = attrs.content ?? attrs.value
        if (content === undefined) return
        for (const key of [attrs.name, attrs.property, attrs.itemprop, attrs['http-equiv']]) {
          if (key !== undefined && key !== '') {
            for (const part of key.toLowerCase().split(/\s+/)) if (part !== '') addMeta(metas, part, content)
          }
        }
        if (attrs.itemprop === 'datePublished') microdataTimes.push(content)
        return
      }
      case 'link':
        if (canonical === '' && /(?:^|\s)canonical(?:\s|$)/i.test(attrs.rel ?? '') && attrs.href !== undefined) {
          canonical = attrs.href
        }
        return
      case 'html':
        if (htmlLang === '') htmlLang = attrs.lang ?? attrs['xml:lang'] ?? ''
        break
      case 'title':
        if (titleTag === '') titleTag = boundedText(element)
        return false
      case 'h1':
        if (h1 === '') h1 = boundedText(element)
        break
      case 'time':
        if (times.length < MAX_TIMES) {
          const value = attrs.datetime ?? attrs.content
          if (value !== undefined && value !== '') {
            if (attrs.itemprop === 'datePublished' || attrs.pubdate !== undefined) microdataTimes.push(value)
            else times.push(value)
          }
        }
        break
    }
    const itemprop = attrs.itemprop
    if (itemprop === undefined) return
    if (itemprop === 'datePublished' && element.tag !== 'time' && element.tag !== 'meta') {
      const value = attrs.datetime ?? attrs.content ?? boundedText(element)
      if (value.trim() !== '') microdataTimes.push(value)
    } else if (itemprop === 'author' && microdataAuthors.length < 20) {
      microdataAuthors.push(authorName(element))
      return false
    }
  })
  const rankedBylines = bylines.sort((a, b) => a.rank - b.rank).map((b) => b.text)
  return {
    metas,
    canonical,
    htmlLang,
    titleTag,
    h1,
    times: [...microdataTimes, ...times],
    microdataAuthors,
    bylines: rankedBylines,
  }
}

/** The first non-empty `<meta>` value among `keys`, in the order of `keys`. */
export function firstMeta(meta: PageMeta, keys: readonly string[]): string {
  for (const key of keys) {
    for (const value of meta.metas.get(key) ?? []) if (value.trim() !== '') return value
  }
  return ''
}

/** Every value of every key, in key order. */
export function allMetas(meta: PageMeta, keys: readonly string[]): string[] {
  return keys.flatMap((key) => meta.metas.get(key) ?? [])
}
