/**
 * JSON-LD (`<script type="application/ld+json">`) → the article facts it states. Blocks may be a
 * single object, an array, an `@graph`, or nest the article under `mainEntity`; authors and
 * publishers may be `@id` references into the graph. Malformed blocks (trailing commas, raw
 * newlines in strings, HTML comments or CDATA around the JSON) are repaired once, else skipped.
 */

export interface JsonLdFacts {
  headline: string
  description: string
  datePublished: string
  /** Author names typed Person or untyped (plain strings included). */
  authors: string[]
  /** Author names typed Organization (often the publisher standing in for a byline). */
  organisationAuthors: string[]
  keywords: string[]
  image: string
  section: string
  /** publisher.address.addressCountry (or the article's own locationCreated country). */
  country: string
  /** publisher.name, used to recognise a site-name suffix in titles. */
  publisherName: string
  /** articleBody, for pages whose visible body is rendered by script. */
  articleBody: string
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** Blocks bigger than this are not metadata; also bounds parse time. */
const MAX_BLOCK_CHARS = 1_000_000
const MAX_NODES = 2_000
const MAX_DEPTH = 12

const ARTICLE_TYPE_RE = /article|posting|report|blog|newsletter|review/i
const PAGE_TYPE_RE = /webpage|itempage/i

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseBlock(raw: string): Json | undefined {
  if (raw.length > MAX_BLOCK_CHARS) return undefined
  try {
    return JSON.parse(raw) as Json
  } catch {
    // Repairs seen in the wild: <!-- --> or CDATA wrappers, raw control characters inside
    // strings, trailing commas, a stray semicolon at the end.
    const repaired = raw
      .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
      .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
      .replace(/[\u0000-\u001f]+/g, ' ')
      .replace(/,\s*([}\]])/g, '$1')
      .replace(/;\s*$/, '')
    try {
      return JSON.parse(repaired) as Json
    } catch {
      return undefined
    }
  }
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type']
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string')
  return []
}

/** Every object reachable through arrays, `@graph` and nested properties, breadth-first, bounded. */
function collectNodes(roots: readonly Json[]): JsonObject[] {
  const nodes: JsonObject[] = []
  const queue: { value: Json; depth: number }[] = roots.map((value) => ({ value, depth: 0 }))
  for (let head = 0; head < queue.length && nodes.length < MAX_NODES; head++) {
    const { value, depth } = queue[head] as { value: Json; depth: number }
    if (depth > MAX_DEPTH) continue
    if (Array.isArray(value)) {
      for (const item of value)
        if (typeof item === 'object' && item !== null) queue.push({ value: item, depth: depth + 1 })
    } else if (isObject(value)) {
      nodes.push(value)
      for (const child of Object.values(value)) {
        if (typeof child === 'object' && child !== null) queue.push({ value: child, depth: depth + 1 })
      }
    }
  }
  return nodes
}

function text(value: Json | undefined): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return text(value[0])
  if (isObject(value)) return text(value['@value'] ?? value.name)
  return ''
}

function resolve(value: Json | undefined, byId: Map<string, JsonObject>): Json | undefined {
  if (isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length <= 2) {
    return byId.get(value['@id']) ?? value
  }
  return value
}

const ORGANISATION_TYPE_RE = /organization|organisation|corporation|newsmedia|agency/i

function names(value: Json | undefined, byId: Map<string, JsonObject>): { people: string[]; organisations: string[] } {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value]
  const people: string[] = []
  const organisations: string[] = []
  for (const item of items.slice(0, 50)) {
    const node = resolve(item, byId)
    if (typeof node === 'string') people.push(node)
    else if (isObject(node)) {
      let name = text(node.name)
      if (name === '') name = `${text(node.givenName)} ${text(node.familyName)}`.trim()
      if (name === '') continue
      if (typesOf(node).some((t) => ORGANISATION_TYPE_RE.test(t))) organisations.push(name)
      else people.push(name)
    }
  }
  return { people, organisations }
}

function keywordsOf(value: Json | undefined): string[] {
  if (typeof value === 'string') return value.split(/[,;]/)
  if (Array.isArray(value))
    return value.flatMap((v) => (typeof v === 'string' ? [v] : isObject(v) ? [text(v.name)] : []))
  return []
}

function imageOf(value: Json | undefined, byId: Map<string, JsonObject>): string {
  const node = resolve(Array.isArray(value) ? value[0] : value, byId)
  if (typeof node === 'string') return node
  if (isObject(node)) return text(node.url ?? node.contentUrl ?? node['@id'])
  return ''
}

function countryOf(value: Json | undefined, byId: Map<string, JsonObject>): string {
  const node = resolve(value, byId)
  if (!isObject(node)) return ''
  const address = resolve(node.address, byId)
  if (isObject(address)) {
    const country = resolve(address.addressCountry, byId)
    return typeof country === 'string' ? country : isObject(country) ? text(country.name ?? country.identifier) : ''
  }
  return ''
}

/** The most article-like node: an Article/NewsArticle/BlogPosting…, else a WebPage, else the first. */
function pickArticle(nodes: readonly JsonObject[]): JsonObject | undefined {
  let page: JsonObject | undefined
  for (const node of nodes) {
    const types = typesOf(node)
    if (
      types.some((t) => ARTICLE_TYPE_RE.test(t)) &&
      (node.headline !== undefined || node.datePublished !== undefined)
    ) {
      return node
    }
    if (page === undefined && types.some((t) => PAGE_TYPE_RE.test(t))) page = node
  }
  return page ?? nodes.find((n) => n.headline !== undefined || n.datePublished !== undefined)
}

export function readJsonLd(blocks: readonly string[]): JsonLdFacts | null {
  const roots: Json[] = []
  for (const block of blocks) {
    const parsed = parseBlock(block)
    if (parsed !== undefined) roots.push(parsed)
  }
  if (roots.length === 0) return null
  const nodes = collectNodes(roots)
  const byId = new Map<string, JsonObject>()
  for (const node of nodes) {
    const id = node['@id']
    if (typeof id === 'string' && Object.keys(node).length > 2 && !byId.has(id)) byId.set(id, node)
  }
  const article = pickArticle(nodes)
  if (article === undefined) return null
  const publisher = resolve(article.publisher, byId)
  const organisation = nodes.find((n) => typesOf(n).some((t) => ORGANISATION_TYPE_RE.test(t)))
  const authors = names(article.author ?? article.creator, byId)
  return {
    headline: text(article.headline ?? article.name),
    description: text(article.description),
    datePublished: text(article.datePublished ?? article.dateCreated),
    authors: authors.people,
    organisationAuthors: authors.organisations,
    keywords: keywordsOf(article.keywords),
    image: imageOf(article.image ?? article.thumbnailUrl, byId),
    section: text(article.articleSection),
    country: countryOf(publisher, byId) || countryOf(organisation, byId),
    publisherName: isObject(publisher) ? text(publisher.name) : '',
    articleBody: text(article.articleBody ?? article.text),
  }
}
