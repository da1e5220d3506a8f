/**
 * What marks an element as page furniture rather than article: tags, ARIA roles, hiding, microdata
 * and class/id words. Class and id values are split into words at punctuation and camelCase
 * (`ArticlePage-authorInfo` → article, page, author, info) so that `ad` matches an advert box and
 * not `header` or `read-more`.
 */
import { type HtmlElement, namesOf } from './html-tree.ts'

/** Never article text, whatever their size. */
const OPAQUE_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'button',
  'select',
  'textarea',
  'input',
  'option',
  'label',
  'video',
  'audio',
  'picture',
  'img',
  'head',
  'title',
  'dialog',
  'menu',
])

/** Usually furniture, but some sites wrap the whole page in them (ASP.NET forms, `aside` layouts). */
const FURNITURE_TAGS = new Set(['nav', 'aside', 'footer', 'header', 'figure', 'figcaption', 'form', 'h1'])

const FURNITURE_ROLES = new Set([
  'navigation',
  'complementary',
  'contentinfo',
  'banner',
  'menu',
  'menubar',
  'dialog',
  'alertdialog',
  'search',
  'toolbar',
  'tablist',
])

/** Microdata properties whose elements repeat metadata (dates, names, logos), not body text. */
const FURNITURE_ITEMPROPS = new Set([
  'headline',
  'alternativeheadline',
  'datepublished',
  'datemodified',
  'datecreated',
  'author',
  'creator',
  'publisher',
  'image',
  'thumbnailurl',
  'logo',
  'url',
  'keywords',
  'articlesection',
  'copyrightholder',
  'copyrightyear',
  'caption',
  'description',
  'name',
  'interactioncount',
])

/** A class/id word marking furniture (matched against whole words). */
const FURNITURE_WORD_RE = new RegExp(
  '^(?:' +
    [
      'ad',
      'ads',
      'adv',
      'advert\\w*',
      'adsense',
      'adslot',
      'adunit',
      'dfp',
      'banner',
      'breadcrumbs?',
      'byline',
      'caption\\w*',
      'comments?',
      'commentlist',
      'cookies?',
      'consent',
      'copyright',
      'credits?',
      'disqus',
      'footer',
      'header',
      'masthead',
      'menu',
      'modal',
      'nav',
      'navbar',
      'navigation',
      'newsletters?',
      'outbrain',
      'taboola',
      'pagination',
      'pager',
      'popup',
      'promo\\w*',
      'related',
      'share\\w*',
      'sharing',
      'sidebar',
      'skyscraper',
      'social',
      'sponsor\\w*',
      'subscri\\w*',
      'tags?',
      'toolbar',
      'recommend\\w*',
      'recirc\\w*',
      'trending',
      'popular',
      'signup',
      'teasers?',
      'rail',
      'authors?',
      'bio',
      'timestamp',
      'dateline',
      'print',
      'tooltip',
      'gdpr',
      'rss',
      'topics',
      'keywords',
      'alert',
      'login',
      'register',
      'next',
      'prev',
      'previous',
      'image',
      'img',
      'photo\\w*',
      'gallery',
      'slideshow',
      'video',
      'meta',
      'widget',
      'follow',
      'rating',
      'more',
      'readmore',
      'disclaimer',
      'donate',
      'donation',
      'feedback',
    ].join('|') +
    ')$',
)

/** Class/id text that names the article body itself. */
export const BODY_NAME_RE =
  /article[-_]*(?:body|content|text|inner)|story[-_]*(?:body|content|text)|entry[-_]*(?:content|body)|post[-_]*(?:body|content|text|entry)|articlebody|storybody|field-?-name-?-body|field-body\b/i
/** Class/id text of a main column: protects against furniture words but does not name the body. */
export const MAIN_NAME_RE = /main[-_]*content|body[-_]*text|content[-_]*body|text[-_]*content|article[-_]*main/i
/** WordPress taxonomy classes on the post wrapper (`tag-politics`, `category-news`) name topics, not furniture. */
const TAXONOMY_CLASS_RE = /(?:^|\s)(?:tag|category|format|status|type|has|postid|term)-\S*/g

export function classWords(element: HtmlElement): string[] {
  const value = namesOf(element)
  if (value.length <= 1) return []
  return value
    .replace(TAXONOMY_CLASS_RE, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
}

function isHiddenByStyle(style: string): boolean {
  return /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)
}

/** An element whose subtree is never article text: non-text tags and inline-hidden elements. */
export function isOpaqueElement(element: HtmlElement): boolean {
  if (OPAQUE_TAGS.has(element.tag)) return true
  const attrs = element.attrs
  return attrs.hidden !== undefined || (attrs.style !== undefined && isHiddenByStyle(attrs.style))
}

/**
 * Every match of BODY_NAME_RE contains one of these words (resp. MAIN_NAME_RE), in any case: a
 * cheap test that rules most class names out before the long regex runs. Like lower-casing and
 * `includes` (the test before), except that it allocates nothing: without the `u` flag a non-ASCII
 * character never matches an ASCII one, and none of the non-ASCII characters that lower-case to
 * ASCII (U+0130 to `i` and a combining dot, U+212A to `k`) can complete these words.
 */
const MAY_NAME_BODY_RE = /article|story|entry|post|field/i
const MAY_NAME_MAIN_RE = /main|body|content/i

const mayName = (re: RegExp, className: string | undefined, id: string | undefined): boolean =>
  (className !== undefined && re.test(className)) || (id !== undefined && re.test(id))

const NAME_BODY = 1
const NAME_MAIN = 2
const NAME_READ = 4

/** What an element's class/id says, read once per element (HtmlElement.nameMarks). */
function nameMarks(element: HtmlElement): number {
  let marks = element.nameMarks
  if (marks === 0) {
    marks = NAME_READ
    // The pre-tests on class and id apart, as no match spans the space namesOf joins them with:
    // most elements never build namesOf.
    const { class: className, id } = element.attrs
    if (mayName(MAY_NAME_BODY_RE, className, id) && BODY_NAME_RE.test(namesOf(element))) marks |= NAME_BODY
    if (mayName(MAY_NAME_MAIN_RE, className, id) && MAIN_NAME_RE.test(namesOf(element))) marks |= NAME_MAIN
    element.nameMarks = marks
  }
  return marks
}

/** Class/id or microdata that names the article body. */
export function isBodyNamed(element: HtmlElement): boolean {
  return element.attrs.itemprop === 'articleBody' || (nameMarks(element) & NAME_BODY) !== 0
}

/** Named as the article body or as the main column. */
export function isContentMarker(element: HtmlElement): boolean {
  return element.attrs.itemprop === 'articleBody' || (nameMarks(element) & (NAME_BODY | NAME_MAIN)) !== 0
}

/**
 * An element that looks like furniture. The caller decides whether to trust it: a furniture-named
 * wrapper around most of the page (`Page-ad-margins`, `penci_sidebar`) must not take the article with it.
 */
export function isFurnitureElement(element: HtmlElement): boolean {
  if (FURNITURE_TAGS.has(element.tag)) return true
  const attrs = element.attrs
  if (attrs['aria-hidden'] === 'true') return true
  const role = attrs.role
  if (role !== undefined && FURNITURE_ROLES.has(role.toLowerCase())) return true
  const itemprop = attrs.itemprop
  if (itemprop !== undefined && FURNITURE_ITEMPROPS.has(itemprop.toLowerCase())) return true
  if (element.tag === 'body' || element.tag === 'html' || element.tag === 'main') return false
  if (isContentMarker(element)) return false
  const classes = ` ${attrs.class ?? ''} `
  if (HIDING_CLASS_RE.test(classes)) return true
  const words = classWords(element)
  for (let i = 0; i < words.length; i++) {
    // `content-with-sidebar`, `has-sidebar`: a layout next to furniture, not furniture.
    if (FURNITURE_WORD_RE.test(words[i] as string) && !LAYOUT_WORDS.has(words[i - 1] ?? '')) return true
  }
  return false
}

/** Whole class names that hide an element (the word `hidden` alone also names hidden labels). */
const HIDING_CLASS_RE =
  /\s(?:hidden|hide|d-none|sr-only|visually-hidden|visuallyhidden|screen-reader-text|screenreader-only|element-invisible|is-hidden|u-hidden)\s/i
const LAYOUT_WORDS = new Set(['with', 'has', 'w', 'no', 'without', 'and'])

const POSITIVE_RE = /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story/
const NEGATIVE_RE =
  /hidden|banner|combx|comment|com-|contact|footer|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|teaser|recommend/

/** Utility-CSS classes (`text-18`, `md:border-b`, `bg-snow`) say nothing about content. */
const UTILITY_CLASS_RE =
  /(?:^|\s)(?:[a-z]+:)*-?(?:text|bg|border|leading|font|p[xytblr]?|m[xytblr]?|w|h|min-w|max-w|gap|space|flex|grid|items|justify|rounded|shadow)-\S*/g

/** Readability-style class/id weight: +25 for content-like names, −25 for furniture-like ones. */
export function classWeight(element: HtmlElement): number {
  let weight = 0
  for (const value of [element.attrs.class, element.attrs.id]) {
    if (value === undefined || value === '') continue
    const lower = value.toLowerCase().replace(UTILITY_CLASS_RE, ' ')
    if (NEGATIVE_RE.test(lower)) weight -= 25
    if (POSITIVE_RE.test(lower)) weight += 25
  }
  if (element.attrs.itemprop === 'articleBody') weight += 50
  return weight
}
