/**
 * A small, bounded HTML tree built straight from htmlparser2's Tokenizer.
 *
 * htmlparser2's own Parser keeps its open-element stack with `unshift`/`indexOf`, which is quadratic
 * on deeply nested or unbalanced markup (50k nested divs take seconds). This builder keeps a plain
 * push/pop stack capped at MAX_DEPTH, stops creating elements after MAX_ELEMENTS and reads at most
 * MAX_HTML_CHARS, so parsing time and memory are linear in a bounded input. Entities are decoded by
 * the Tokenizer with the HTML rules (legacy names without `;`, numeric references).
 */
import type { TokenizerCallbacks } from 'htmlparser2'
import { SkippingTokenizer } from './skipping-tokenizer.ts'

/** Pages larger than this are cut; 2 MB keeps the article of any real news page. */
export const MAX_HTML_CHARS = 2_000_000
/** Deeper elements are flattened into their ancestor at this depth (browsers nest to ~512). */
export const MAX_DEPTH = 256
export const MAX_ELEMENTS = 150_000

export interface HtmlElement {
  /** Creation order, 0 for the root: document (pre-)order, usable as an index into side tables. */
  id: number
  tag: string
  /** Only the attributes the extractor reads (KEPT_ATTRIBUTES), names lower-cased, first one wins. */
  attrs: Record<string, string>
  children: HtmlNode[]
  parent: HtmlElement | null
  /**
   * `class` and `id` joined by a space, as written: what the extractor's name tests read, built
   * once instead of on each of the several tests every element goes through (namesOf).
   */
  names: string | null
  /** The same, lower-cased (lowerNamesOf). */
  namesLower: string | null
  /**
   * Characters other than whitespace and no-break space in its text children (countVisible),
   * counted on the page as each is appended, while the tokenizer has just read those characters.
   */
  textChars: number
  /** What boilerplate.ts read in `names` (its NAME_* bits), 0 until it has: asked of every element several times. */
  nameMarks: number
}

export type HtmlNode = HtmlElement | string

export interface HtmlDocument {
  root: HtmlElement
  /** One more than the largest element id. */
  size: number
  /** Raw text of every `<script type="application/ld+json">`, in document order. */
  jsonLd: string[]
  /** True when the input was cut or a structural cap was hit. */
  truncated: boolean
}

const VOID_TAGS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])

/**
 * The attributes the extractor reads (page-meta.ts, boilerplate.ts, body-text.ts); the others
 * (`src`, `srcset`, `data-*`, `style` of most pages' thousand elements…) are not stored, which
 * saved a fifth of the tree's build time on real pages. A reader of a new attribute adds it here.
 */
export const KEPT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'aria-hidden',
  'class',
  'content',
  'datetime',
  'hidden',
  'href',
  'http-equiv',
  'id',
  'itemprop',
  'lang',
  'name',
  'property',
  'pubdate',
  'rel',
  'role',
  'style',
  'type',
  'value',
  'xml:lang',
])
/**
 * Names by length and first character (`bucketOf`), to compare in place without slicing a name
 * out of the page.
 */
function byLengthAndFirst(names: Iterable<string>): string[][] {
  const buckets: string[][] = []
  for (const name of names) (buckets[bucketOf(name.length, name.charCodeAt(0))] ??= []).push(name)
  return buckets
}
const MAX_BUCKETED_LENGTH = 15
function bucketOf(length: number, first: number): number {
  return length > MAX_BUCKETED_LENGTH || first > 0x7f ? -1 : length * 0x80 + first
}
const KEPT_BUCKETS = byLengthAndFirst(KEPT_ATTRIBUTES)

/** The string of `names` that `html` holds at `start`, `end - start` long; null when none does. */
function nameAt(buckets: readonly (string[] | undefined)[], html: string, start: number, end: number): string | null {
  const bucket = buckets[bucketOf(end - start, html.charCodeAt(start))]
  if (bucket !== undefined)
    for (let i = 0; i < bucket.length; i++) if (html.startsWith(bucket[i] as string, start)) return bucket[i] as string
  return null
}

/**
 * The kept attribute `html.slice(start, end)` names, lower-cased, else ''. A name written in lower
 * case is matched in place; one with an ASCII capital goes through toLowerCase. No other character
 * lower-cases into a kept name (of non-ASCII characters only U+212A, the Kelvin sign, lower-cases
 * to ASCII, to `k`, which no kept name holds).
 */
function keptName(html: string, start: number, end: number): string {
  const kept = nameAt(KEPT_BUCKETS, html, start, end)
  if (kept !== null) return kept
  for (let i = start; i < end; i++) {
    const c = html.charCodeAt(i)
    if (c >= 0x41 && c <= 0x5a) {
      const lower = html.slice(start, end).toLowerCase()
      return KEPT_ATTRIBUTES.has(lower) ? (nameAt(KEPT_BUCKETS, lower, 0, lower.length) ?? '') : ''
    }
  }
  return ''
}

/**
 * Common tag names, so that a tag written in lower case is read in place and every element of a
 * tag shares one string (the extractor tests tags in Sets and switches on every element).
 */
const COMMON_TAGS = new Set(
  (
    'a abbr address area article aside audio b base blockquote body br button canvas caption center cite code col ' +
    'dd del details div dl dt em embed fieldset figcaption figure font footer form g h1 h2 h3 h4 h5 h6 head header hr ' +
    'html i iframe img input ins label legend li link main mark meta nav noscript object ol option p path picture pre q ' +
    's script section select small source span strong style sub summary sup svg table tbody td template textarea tfoot ' +
    'th thead time title tr u ul use video wbr'
  ).split(' '),
)
const COMMON_TAG_BUCKETS = byLengthAndFirst(COMMON_TAGS)

/** `html.slice(start, end).toLowerCase()`, as the shared string when it is a common tag. */
function tagNameAt(html: string, start: number, end: number): string {
  const common = nameAt(COMMON_TAG_BUCKETS, html, start, end)
  if (common !== null) return common
  const lower = html.slice(start, end).toLowerCase()
  return COMMON_TAGS.has(lower) ? (nameAt(COMMON_TAG_BUCKETS, lower, 0, lower.length) ?? lower) : lower
}

/** Shared by elements without kept attributes; never written (a tag's first kept one makes its own). */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({})

/** Elements whose content never carries article text or metadata; kept empty in the tree. */
const OPAQUE_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'select',
  'textarea',
  'xmp',
  'noembed',
  'noframes',
])

const P_CLOSERS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'pre',
  'section',
  'table',
  'ul',
])

/** Which open elements an opening tag implicitly closes (the common subset of the HTML rules). */
function impliedCloses(tag: string): ReadonlySet<string> | null {
  if (P_CLOSERS.has(tag)) return P_SET
  switch (tag) {
    case 'li':
      return LI_SET
    case 'dd':
    case 'dt':
      return DD_SET
    case 'tr':
      return TR_SET
    case 'td':
    case 'th':
      return TD_SET
    case 'option':
      return OPTION_SET
    default:
      return null
  }
}
const P_SET = new Set(['p'])
const LI_SET = new Set(['li', 'p'])
const DD_SET = new Set(['dd', 'dt', 'p'])
const TR_SET = new Set(['tr', 'td', 'th'])
const TD_SET = new Set(['td', 'th'])
const OPTION_SET = new Set(['option'])

/** How far up the stack a closing tag may look for its element; keeps stray end tags O(1). */
const CLOSE_SEARCH_LIMIT = 64

/** The Tokenizer's decoder already maps invalid references to U+FFFD; guard anyway. */
function fromCodePoint(codepoint: number): string {
  return codepoint >= 0 && codepoint <= 0x10ffff ? String.fromCodePoint(codepoint) : '\ufffd'
}

function createElement(
  id: number,
  tag: string,
  attrs: Record<string, string>,
  parent: HtmlElement | null,
): HtmlElement {
  return { id, tag, attrs, children: [], parent, names: null, namesLower: null, nameMarks: 0, textChars: 0 }
}

export function parseHtmlTree(input: string): HtmlDocument {
  const html = input.length > MAX_HTML_CHARS ? input.slice(0, MAX_HTML_CHARS) : input
  const root = createElement(0, '#root', NO_ATTRIBUTES, null)
  const stack: HtmlElement[] = [root]
  const jsonLd: string[] = []
  let truncated = html.length < input.length
  let elementCount = 0
  /** Open tags beyond MAX_DEPTH/MAX_ELEMENTS, so that their end tags are swallowed too. */
  let overflowOpen = 0

  let tagName = ''
  let attrs = NO_ATTRIBUTES
  /** The attribute being read when it is kept, else ''. */
  let attrName = ''
  let attrValue = ''
  let rawText = ''
  let inRawTag = ''
  let keepRawText = false

  const current = (): HtmlElement => stack[stack.length - 1] ?? root

  /** `text` is `html` from `start` to `end`, or a decoded reference (start -1). */
  const appendText = (text: string, start: number, end: number): void => {
    if (inRawTag !== '') {
      if (keepRawText) rawText += text
      return
    }
    const parent = current()
    if (OPAQUE_TAGS.has(parent.tag)) return
    parent.textChars += start < 0 ? countVisible(text) : countVisibleIn(html, start, end)
    const children = parent.children
    const last = children.length - 1
    if (last >= 0 && typeof children[last] === 'string') children[last] += text
    else children.push(text)
  }

  const closeTop = (): void => {
    const element = stack.pop()
    if (element === undefined) return
    if (element.tag === 'script') {
      if ((element.attrs.type ?? '').toLowerCase().includes('ld+json')) jsonLd.push(rawText)
    } else if (element.tag === 'title' && element.children.length === 0 && rawText !== '') {
      element.children.push(rawText)
      element.textChars += countVisible(rawText)
    }
    if (element.tag === inRawTag) {
      inRawTag = ''
      rawText = ''
      keepRawText = false
    }
  }

  const openElement = (tag: string, attributes: Record<string, string>): void => {
    const closes = impliedCloses(tag)
    if (closes !== null) {
      while (stack.length > 1 && closes.has(current().tag)) closeTop()
    }
    const isVoid = VOID_TAGS.has(tag)
    if (stack.length >= MAX_DEPTH || elementCount >= MAX_ELEMENTS) {
      truncated = true
      if (!isVoid) overflowOpen++
      return
    }
    const parent = current()
    elementCount++
    const element = createElement(elementCount, tag, attributes, parent)
    if (!OPAQUE_TAGS.has(parent.tag)) parent.children.push(element)
    if (isVoid) return
    stack.push(element)
    if (tag === 'script' || tag === 'style' || tag === 'title' || tag === 'textarea' || tag === 'xmp') {
      inRawTag = tag
      rawText = ''
      keepRawText = tag === 'title' || (tag === 'script' && (attributes.type ?? '').toLowerCase().includes('ld+json'))
    }
  }

  const closeElement = (tag: string): void => {
    if (VOID_TAGS.has(tag)) return
    const floor = Math.max(1, stack.length - CLOSE_SEARCH_LIMIT)
    for (let i = stack.length - 1; i >= floor; i--) {
      if (stack[i]?.tag === tag) {
        while (stack.length > i) closeTop()
        return
      }
    }
    if (overflowOpen > 0) overflowOpen--
  }

  const slice = (start: number, end: number): string => html.slice(start, end)

  const callbacks: TokenizerCallbacks = {
    onattribdata(start, end) {
      if (attrName !== '') attrValue += slice(start, end)
    },
    onattribentity(codepoint) {
      if (attrName !== '') attrValue += fromCodePoint(codepoint)
    },
    onattribend() {
      if (attrName === '') return
      if (attrs === NO_ATTRIBUTES) attrs = {}
      if (!(attrName in attrs)) attrs[attrName] = attrValue
      attrValue = ''
    },
    onattribname(start, end) {
      attrName = keptName(html, start, end)
    },
    oncdata() {},
    onclosetag(start, end) {
      const tag = tagNameAt(html, start, end)
      if (tag === 'br') openElement('br', NO_ATTRIBUTES)
      else closeElement(tag)
    },
    oncomment() {},
    ondeclaration() {},
    onend() {
      while (stack.length > 1) closeTop()
    },
    onopentagend() {
      openElement(tagName, attrs)
    },
    onopentagname(start, end) {
      tagName = tagNameAt(html, start, end)
      attrs = NO_ATTRIBUTES
    },
    onprocessinginstruction() {},
    onselfclosingtag() {
      // HTML ignores the slash on non-void elements, except inside svg/math, which are opaque here.
      openElement(tagName, attrs)
    },
    ontext(start, end) {
      appendText(slice(start, end), start, end)
    },
    ontextentity(codepoint) {
      appendText(fromCodePoint(codepoint), -1, -1)
    },
  }

  const tokenizer = new SkippingTokenizer({ decodeEntities: true }, callbacks)
  tokenizer.write(html)
  tokenizer.end()
  return { root, size: elementCount + 1, jsonLd, truncated }
}

/** Characters other than whitespace and no-break space. */
export function countVisible(text: string): number {
  return countVisibleIn(text, 0, text.length)
}

/** countVisible of `text.slice(start, end)`, without the slice. */
export function countVisibleIn(text: string, start: number, end: number): number {
  let n = 0
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c > 32 && c !== 160) n++
  }
  return n
}

/** An element's `class` and `id` joined by a space, computed once. */
export function namesOf(element: HtmlElement): string {
  if (element.names === null) {
    const { class: className, id } = element.attrs
    // Most elements have neither: one shared string instead of a new one each.
    element.names = className === undefined && id === undefined ? ' ' : `${className ?? ''} ${id ?? ''}`
  }
  return element.names
}

/** namesOf lower-cased, computed once. */
export function lowerNamesOf(element: HtmlElement): string {
  element.namesLower ??= namesOf(element).toLowerCase()
  return element.namesLower
}

/** Iterative pre-order walk; `visit` returns false to skip an element's children. */
export function walkElements(from: HtmlElement, visit: (element: HtmlElement) => boolean | void): void {
  const pending: HtmlElement[] = [from]
  while (pending.length > 0) {
    const element = pending.pop() as HtmlElement
    if (visit(element) === false) continue
    const children = element.children
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]
      if (typeof child !== 'string' && child !== undefined) pending.push(child)
    }
  }
}

/** Text under an element, raw (not whitespace-collapsed), stopping once `limit` characters are read. */
export function rawTextOf(element: HtmlElement, limit = Number.POSITIVE_INFINITY): string {
  let out = ''
  const pending: HtmlNode[] = [element]
  while (pending.length > 0 && out.length < limit) {
    const node = pending.pop() as HtmlNode
    if (typeof node === 'string') {
      out += node
      continue
    }
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as HtmlNode)
  }
  return out
}
