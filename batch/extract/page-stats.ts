/**
 * Per-element facts for the body extractor, computed in three linear passes over the bounded tree:
 * visible text, link text, text held directly ("own" text of paragraph-like blocks), and which
 * elements are junk. Opaque elements (scripts, inline-hidden) are always junk; furniture-looking
 * ones (nav, aside, `share`, `related`…) are junk unless they hold most of the page or the article
 * itself, because some sites wrap everything in `Page-ad-margins` or `sidebar-grid`.
 */
import { isContentMarker, isFurnitureElement, isOpaqueElement } from './boilerplate.ts'
import type { HtmlDocument, HtmlElement } from './html-tree.ts'

export const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'table',
  'tr',
  'td',
  'th',
  'tbody',
  'thead',
  'tfoot',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'address',
  'hr',
  'details',
  'summary',
  'center',
  'body',
  'html',
  'caption',
  'br',
])

/** Per-element facts computed once, indexed by element id. */
export interface PageStats {
  elements: HtmlElement[]
  junk: Uint8Array
  /** Non-whitespace characters of visible text. */
  chars: Int32Array
  /** Of which inside links. */
  linkChars: Int32Array
  /** Non-whitespace characters of text directly inside the element or its inline children. */
  ownChars: Int32Array
  /** Of the own text, the part inside links. */
  ownLinkChars: Int32Array
  /** Article-like text inside: own text of paragraph-like blocks that are long and not mostly links. */
  goodChars: Int32Array
  hasBlockChild: Uint8Array
}

const GOOD_BLOCK_MIN_CHARS = 30
const GOOD_BLOCK_MAX_LINK_SHARE = 0.5

/** A furniture-looking element holding more than this share of the page's text is kept. */
const FURNITURE_MAX_SHARE = 0.5
/** A content marker (`<article>`, `itemprop=articleBody`…) this long protects its furniture-named ancestors. */
const MARKER_MIN_CHARS = 400
/** The same for an element that names itself the article body. */
const NAMED_MARKER_MIN_CHARS = 100

export function collectStats(doc: HtmlDocument): PageStats {
  const elements: HtmlElement[] = []
  const opaque = new Uint8Array(doc.size)
  const pending: HtmlElement[] = [doc.root]
  while (pending.length > 0) {
    const element = pending.pop() as HtmlElement
    elements.push(element)
    const parent = element.parent
    if ((parent !== null && opaque[parent.id] === 1) || isOpaqueElement(element)) opaque[element.id] = 1
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i]
      if (typeof child === 'object') pending.push(child)
    }
  }
  // Pass 1: visible text per element ignoring furniture, and whether a long content marker is inside.
  const allChars = new Int32Array(doc.size)
  const hasMarker = new Uint8Array(doc.size)
  // Visible characters of the element's own text children, counted once here and read again in pass 3.
  const textChars = new Int32Array(doc.size)
  for (let k = elements.length - 1; k >= 0; k--) {
    const element = elements[k] as HtmlElement
    if (opaque[element.id] === 1) continue
    // Counted by the parse (HtmlElement.textChars): reading each text node here was most of this pass.
    const text = element.textChars
    let total = 0
    let marker = 0
    for (const child of element.children) {
      if (typeof child !== 'string' && opaque[child.id] === 0) {
        total += allChars[child.id] ?? 0
        marker |= hasMarker[child.id] ?? 0
      }
    }
    total += text
    textChars[element.id] = text
    allChars[element.id] = total
    if (
      marker === 1 ||
      (isContentMarker(element)
        ? total >= NAMED_MARKER_MIN_CHARS
        : // or an <article> that is not furniture
          total >= MARKER_MIN_CHARS && element.tag === 'article' && !isFurnitureElement(element))
    ) {
      hasMarker[element.id] = 1
    }
  }
  // Pass 2: furniture is junk unless it holds much of the page or the article itself.
  const junk = new Uint8Array(doc.size)
  const furnitureLimit = (allChars[doc.root.id] ?? 0) * FURNITURE_MAX_SHARE
  for (const element of elements) {
    const id = element.id
    const parent = element.parent
    if (opaque[id] === 1 || (parent !== null && junk[parent.id] === 1)) {
      junk[id] = 1
    } else if (hasMarker[id] === 0 && (allChars[id] ?? 0) < furnitureLimit && isFurnitureElement(element)) {
      junk[id] = 1
    }
  }
  // Pass 3: the same sums without junk, plus link text and text held directly.
  const chars = new Int32Array(doc.size)
  const linkChars = new Int32Array(doc.size)
  const ownChars = new Int32Array(doc.size)
  const ownLinkChars = new Int32Array(doc.size)
  const goodChars = new Int32Array(doc.size)
  const hasBlockChild = new Uint8Array(doc.size)
  for (let k = elements.length - 1; k >= 0; k--) {
    const element = elements[k] as HtmlElement
    const id = element.id
    if (junk[id] === 1) continue
    // Junk includes everything opaque, so pass 1 counted this element's text.
    let total = textChars[id] ?? 0
    let links = 0
    let own = total
    let ownLinks = 0
    let good = 0
    for (const child of element.children) {
      if (typeof child !== 'string' && junk[child.id] === 0) {
        total += chars[child.id] ?? 0
        links += linkChars[child.id] ?? 0
        good += goodChars[child.id] ?? 0
        if (BLOCK_TAGS.has(child.tag)) hasBlockChild[id] = 1
        else {
          own += ownChars[child.id] ?? 0
          ownLinks += ownLinkChars[child.id] ?? 0
        }
      }
    }
    const isLink = element.tag === 'a'
    chars[id] = total
    linkChars[id] = isLink ? total : links
    ownChars[id] = own
    ownLinkChars[id] = isLink ? own : ownLinks
    if (BLOCK_TAGS.has(element.tag) && own >= GOOD_BLOCK_MIN_CHARS && ownLinks < own * GOOD_BLOCK_MAX_LINK_SHARE) {
      good += own - ownLinks
    }
    goodChars[id] = good
  }
  return { elements, junk, chars, linkChars, ownChars, ownLinkChars, goodChars, hasBlockChild }
}
