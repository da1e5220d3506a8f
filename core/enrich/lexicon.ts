/**
 * AFINN-style lexicon score: the sum of the integer weights of the listed terms found in the text,
 * each flipped when a negator of the language stands just before it ("not good" → -2), or, in
 * German, Dutch, Japanese, Korean and Turkish, when the negation follows the verb (steigt nicht,
 * 上昇せず, 상승하지 않았다, yükselmedi). `terms` lists each signed term once, in order of appearance: "+surge,-not good".
 */
import { LEXICON } from './lexicon-words.ts'
import { listEntries, SubstringIndex, TermIndex } from './term-index.ts'
import { foldCase, tokenVariants, wordTokensWithBreaks } from './tokens.ts'

export interface LexiconScore {
  score: number
  /** Comma-separated `+term` / `-term`, each once; a negated term keeps its negator ("-not good"). */
  terms: string
}

/** How many words back a negator still reaches. */
const NEGATION_WINDOW = 3
/** How many words ahead a post-negator still reaches ("steigt heute nicht"). */
const POST_NEGATION_WINDOW = 2
const MAX_TOKENS = 200
const MAX_CJK_CHARS = 600
const MAX_CHARS = 3000
// Turkish negates inside the verb: yüksel-me-di, art-mı-yor, düş-me-yecek.
const TURKISH_NEGATIVE_SUFFIX_RE = /^(?:m[ae](?:d|z|y[ae]c|m[ıi]ş|sin)|m[ıiuü]yor)/

interface LexiconIndex {
  words: TermIndex<number> | SubstringIndex<number>
  negators: TermIndex<true>
  /** Negators that follow the term they reverse (de, nl, ko). */
  postNegators: TermIndex<true>
  /** Negators that are a prefix of the next token (fr `n'a`). */
  elidedNegators: readonly string[]
}

function buildLexicons(): ReadonlyMap<string, LexiconIndex> {
  const out = new Map<string, LexiconIndex>()
  for (const [lang, lists] of Object.entries(LEXICON)) {
    const words = lang === 'zh' || lang === 'ja' ? new SubstringIndex<number>() : new TermIndex<number>()
    for (const entry of listEntries(lists.words)) {
      const space = entry.lastIndexOf(' ')
      const weight = Number(entry.slice(space + 1))
      if (space <= 0 || !Number.isInteger(weight) || weight === 0 || Math.abs(weight) > 5) {
        throw new Error(`lexicon ${lang}: bad entry "${entry}"`)
      }
      words.add(foldCase(entry.slice(0, space)), weight)
    }
    const negators = new TermIndex<true>()
    const elidedNegators: string[] = []
    for (const negator of listEntries(lists.negators)) {
      if (negator.endsWith("'")) elidedNegators.push(negator)
      else negators.add(negator, true)
    }
    const postNegators = new TermIndex<true>()
    for (const negator of listEntries(lists.postNegators ?? '')) postNegators.add(negator, true)
    out.set(lang, { words, negators, postNegators, elidedNegators })
  }
  return out
}

const LEXICONS = buildLexicons()

export const LEXICON_LANGUAGES: readonly string[] = [...LEXICONS.keys()]

export function scoreLexicon(text: string, lang: string): LexiconScore {
  const lexicon = LEXICONS.get(lang)
  if (lexicon === undefined || text === '') return { score: 0, terms: '' }
  const folded = foldCase(text.slice(0, MAX_CHARS))
  const hits =
    lexicon.words instanceof SubstringIndex
      ? cjkHits(lexicon.words, folded, lang)
      : wordHits(lexicon, lexicon.words, folded, lang)
  let score = 0
  const terms: string[] = []
  for (const hit of hits) {
    score += hit.weight
    const signed = `${hit.weight > 0 ? '+' : '-'}${hit.label}`
    if (!terms.includes(signed)) terms.push(signed)
  }
  return { score, terms: terms.join(',') }
}

interface Hit {
  weight: number
  label: string
}

function wordHits(lexicon: LexiconIndex, index: TermIndex<number>, folded: string, lang: string): Hit[] {
  const { tokens, breakBefore } = wordTokensWithBreaks(folded, MAX_TOKENS)
  const hits: Hit[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? ''
    let m = index.match(tokens, i)
    if (m === undefined && (token.includes("'") || isArabic(token))) {
      for (const variant of tokenVariants(token).slice(1)) {
        m = index.matchWord(variant)
        if (m !== undefined) break
      }
    }
    if (m === undefined) continue
    const surface = m.term + m.rest
    const negator = negatorFor(lexicon, tokens, breakBefore, i, m.rest, lang)
    const postNegator = negator === '' ? postNegatorFor(lexicon, tokens, breakBefore, i + m.tokens) : ''
    if (negator !== '') hits.push({ weight: -m.value, label: `${negator} ${surface}` })
    else if (postNegator !== '') hits.push({ weight: -m.value, label: `${surface} ${postNegator}` })
    else hits.push({ weight: m.value, label: surface })
    i += m.tokens - 1
  }
  return hits
}

/** The negator before the term starting at tokens[start] that reverses it, or ''. */
function negatorFor(
  lexicon: LexiconIndex,
  tokens: readonly string[],
  breakBefore: readonly boolean[],
  start: number,
  rest: string,
  lang: string,
): string {
  if (lang === 'tr' && rest !== '' && TURKISH_NEGATIVE_SUFFIX_RE.test(rest)) return 'not'
  for (let j = start - 1; j >= Math.max(0, start - NEGATION_WINDOW); j--) {
    if (breakBefore[j + 1] === true) break
    const before = tokens[j] ?? ''
    if (lexicon.negators.matchWord(before) !== undefined) return before
    if (lang === 'en' && before.endsWith("n't")) return before
    for (const elided of lexicon.elidedNegators) if (before.startsWith(elided)) return before
  }
  return ''
}

/** The post-negator after the term ending before tokens[end] that reverses it, within the clause, or ''. */
function postNegatorFor(
  lexicon: LexiconIndex,
  tokens: readonly string[],
  breakBefore: readonly boolean[],
  end: number,
): string {
  for (let j = end; j < Math.min(tokens.length, end + POST_NEGATION_WINDOW); j++) {
    if (breakBefore[j] === true) break
    const after = tokens[j] ?? ''
    if (lexicon.postNegators.matchWord(after) !== undefined) return after
  }
  return ''
}

const ZH_NEGATORS_RE = /(?:并未|並未|没有|不|没|未|无|非)$/
const JA_NEGATION_RE = /^(?:し|せ|さ|でき)?(?:ない|なかった|ず|ません|なく)/

function cjkHits(index: SubstringIndex<number>, folded: string, lang: string): Hit[] {
  const text = folded.slice(0, MAX_CJK_CHARS)
  const hits: Hit[] = []
  for (const hit of index.scan(text)) {
    let negator = ''
    if (lang === 'zh') {
      negator = ZH_NEGATORS_RE.exec(text.slice(Math.max(0, hit.index - 2), hit.index))?.[0] ?? ''
    } else {
      const after = JA_NEGATION_RE.exec(text.slice(hit.index + hit.term.length, hit.index + hit.term.length + 6))
      negator = after?.[0] ?? ''
    }
    if (negator === '') hits.push({ weight: hit.value, label: hit.term })
    else if (lang === 'zh') hits.push({ weight: -hit.value, label: `${negator}${hit.term}` })
    else hits.push({ weight: -hit.value, label: `${hit.term}${negator}` })
  }
  return hits
}

function isArabic(token: string): boolean {
  const c = token.charCodeAt(0)
  return c >= 0x0600 && c <= 0x06ff
}
