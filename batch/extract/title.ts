/**
 * Headline clean-up: remove a site-name suffix or prefix (" | BBC News", " - Le Monde",
 * "CNN — …"). A part is dropped when it matches the site name, the publisher or the host; a short
 * trailing part after " | " or " :: " is dropped even without a match, since pipes almost always
 * separate the site name.
 */

const SEPARATOR_RE = /\s+(?:\||-|–|—|::|·|•|»|«|\/|~|\*|｜)\s+/g
const STRONG_SEPARATORS = new Set(['|', '::', '·', '•', '»', '«', '*', '｜'])
/** Characters that may glue a site name to the headline without spaces (`…커졌다ㅣ한국일보`, `…：朝日新聞デジタル`). */
const TIGHT_SEPARATOR_RE = /[\s|｜ㅣ:：\-–—·•*]+$/u
const MAX_SITE_WORDS = 6

function squash(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/** True when `part` names the site: equal to (or contained in / containing) a known site name. */
export function isSiteName(part: string, siteNames: readonly string[]): boolean {
  const key = squash(part)
  if (key === '') return false
  for (const name of siteNames) {
    const site = squash(name)
    if (site.length < 2) continue
    if (key === site || (site.length >= 3 && key.includes(site)) || (key.length >= 3 && site.includes(key))) return true
  }
  return false
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length
}

/**
 * `siteNames`: og:site_name, the publisher's name, application-name and the host's labels
 * (`bbc.co.uk` gives `bbc.co.uk` and `bbc`).
 */
export function stripSiteName(title: string, siteNames: readonly string[]): string {
  return stripSpacedParts(stripTightSuffix(title, siteNames), siteNames)
}

/** A known site name at the very end, glued by a separator character: strip it. */
function stripTightSuffix(title: string, siteNames: readonly string[]): string {
  const lower = title.toLowerCase()
  for (const name of siteNames) {
    const site = name.trim().toLowerCase()
    if (site.length < 2 || site.length >= lower.length || !lower.endsWith(site)) continue
    const head = title.slice(0, title.length - site.length)
    const stripped = head.replace(TIGHT_SEPARATOR_RE, '')
    if (stripped.length < head.length && stripped.trim().length >= 8) return stripped.trim()
  }
  return title
}

function stripSpacedParts(title: string, siteNames: readonly string[]): string {
  const parts: string[] = []
  const separators: string[] = []
  let last = 0
  for (const match of title.matchAll(SEPARATOR_RE)) {
    parts.push(title.slice(last, match.index))
    separators.push(match[0].trim())
    last = (match.index ?? 0) + match[0].length
  }
  parts.push(title.slice(last))
  if (parts.length === 1) return title
  // Drop site-name parts from the end, then from the start, keeping at least one part.
  let start = 0
  let end = parts.length
  while (end - start > 1) {
    const tail = parts[end - 1] as string
    const separator = separators[end - 2] as string
    const isNamed = isSiteName(tail, siteNames) && wordCount(tail) <= MAX_SITE_WORDS
    const isShortAfterPipe = STRONG_SEPARATORS.has(separator) && wordCount(tail) <= 4
    if (!isNamed && !isShortAfterPipe) break
    end--
  }
  while (end - start > 1) {
    const head = parts[start] as string
    if (!(isSiteName(head, siteNames) && wordCount(head) <= MAX_SITE_WORDS)) break
    start++
  }
  if (start === 0 && end === parts.length) return title
  let out = parts[start] as string
  for (let i = start + 1; i < end; i++) out += ` ${separators[i - 1]} ${parts[i]}`
  return out.trim()
}

/** Site names derived from a host: the host itself and its registrable label (`bbc.co.uk` → `bbc`). */
export function hostSiteNames(host: string): string[] {
  const labels = host.split('.').filter((l) => l !== '')
  if (labels.length === 0) return []
  // The label before a public suffix such as `co.uk`, `com.br` or a plain TLD.
  const secondLevel = /^(?:co|com|org|net|gov|ac|edu|ne|or|go)$/
  let index = labels.length - 2
  if (index > 0 && secondLevel.test(labels[index] as string)) index--
  const name = labels[Math.max(0, index)] as string
  return [host, name]
}
