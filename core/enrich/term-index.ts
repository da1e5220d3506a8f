/**
 * Lookup tables built once from the word lists: whole words, stems (`econom*` matches `economía`,
 * `экономика`), phrases of two or three words whose last word may be a stem (`interest rate*`),
 * and for scripts written without spaces (Chinese, Japanese) substrings found by one precompiled
 * alternation.
 */

/** Shared between callers (matchWord memoises them): never modified. */
export interface TermMatch<V> {
  readonly value: V
  /** The entry as written in the list, without its `*`. */
  readonly term: string
  /** How many tokens the match used (phrases use 2 or 3). */
  readonly tokens: number
  /** For a stem, what followed it in the token (`medi` in `yükselmedi`); '' otherwise. */
  readonly rest: string
}

/** Distinct tokens remembered per index: a few MB at most. */
const MEMO_MAX = 50_000

export class TermIndex<V> {
  readonly #exact = new Map<string, V>()
  readonly #stems = new Map<string, V>()
  /** Every proper word prefix of a phrase (`interest` of `interest rate*`, `a b` of `a b c`). */
  readonly #phrasePrefixes = new Set<string>()
  /** Phrases ending in a stem, by their words before the stem: `interest rate*` under `interest`. */
  readonly #phraseStems = new Map<string, Array<{ stem: string; value: V }>>()
  /** Stem lengths by the stem's first two characters (one for one-character stems), longest first. */
  readonly #stemLengthsByHead = new Map<string, number[]>()
  #maxPhraseWords = 1
  /**
   * matchWord's answers by token (null for no match). Words in news follow Zipf's law, so most
   * lookups repeat one already made; the memo is dropped whole when it grows past MEMO_MAX.
   */
  readonly #memo = new Map<string, TermMatch<V> | null>()

  /** Adds `term` (`word`, `stem*`, `two words` or `two stem*`); returns false when it is already there. */
  add(term: string, value: V): boolean {
    this.#memo.clear()
    const words = term.split(' ')
    if (words.length > 1) {
      for (let k = 1; k < words.length; k++) this.#phrasePrefixes.add(words.slice(0, k).join(' '))
      this.#maxPhraseWords = Math.max(this.#maxPhraseWords, words.length)
    }
    if (words.length > 1 && term.endsWith('*')) {
      const head = words.slice(0, -1).join(' ')
      const stem = (words[words.length - 1] ?? '').slice(0, -1)
      const entries = this.#phraseStems.get(head) ?? []
      if (entries.some((e) => e.stem === stem)) return false
      entries.push({ stem, value })
      entries.sort((a, b) => b.stem.length - a.stem.length)
      this.#phraseStems.set(head, entries)
      return true
    }
    if (term.endsWith('*')) {
      const stem = term.slice(0, -1)
      if (this.#stems.has(stem) || stem === '') return false
      this.#stems.set(stem, value)
      const head = stem.slice(0, 2)
      const lengths = this.#stemLengthsByHead.get(head) ?? []
      if (!lengths.includes(stem.length))
        this.#stemLengthsByHead.set(
          head,
          [...lengths, stem.length].sort((a, b) => b - a),
        )
      return true
    }
    if (this.#exact.has(term)) return false
    this.#exact.set(term, value)
    return true
  }

  /** The longest entry that starts at `tokens[i]`: a phrase, the word itself, else its longest stem. */
  match(tokens: readonly string[], i: number): TermMatch<V> | undefined {
    const token = tokens[i]
    if (token === undefined) return undefined
    if (this.#phrasePrefixes.has(token)) {
      // prefixes[k] = the k + 1 words from i; grown only while some phrase continues it.
      const prefixes = [token]
      for (let k = 1; k < this.#maxPhraseWords && i + k < tokens.length; k++) {
        const previous = prefixes[k - 1] as string
        if (!this.#phrasePrefixes.has(previous)) break
        prefixes.push(`${previous} ${tokens[i + k]}`)
      }
      for (let n = prefixes.length; n >= 2; n--) {
        const phrase = prefixes[n - 1] as string
        const value = this.#exact.get(phrase)
        if (value !== undefined) return { value, term: phrase, tokens: n, rest: '' }
        const last = tokens[i + n - 1] ?? ''
        for (const e of this.#phraseStems.get(prefixes[n - 2] as string) ?? []) {
          if (last.startsWith(e.stem)) {
            const head = phrase.slice(0, phrase.length - last.length)
            return { value: e.value, term: head + e.stem, tokens: n, rest: last.slice(e.stem.length) }
          }
        }
      }
    }
    return this.matchWord(token)
  }

  /** One token alone: the word itself, else its longest stem. */
  matchWord(token: string): TermMatch<V> | undefined {
    const memo = this.#memo.get(token)
    if (memo !== undefined) return memo ?? undefined
    const found = this.#lookupWord(token)
    if (this.#memo.size >= MEMO_MAX) this.#memo.clear()
    this.#memo.set(token, found ?? null)
    return found
  }

  #lookupWord(token: string): TermMatch<V> | undefined {
    const value = this.#exact.get(token)
    if (value !== undefined) return { value, term: token, tokens: 1, rest: '' }
    if (this.#stems.size === 0) return undefined
    const found = this.#matchStem(token, this.#stemLengthsByHead.get(token.slice(0, 2)))
    return found ?? this.#matchStem(token, this.#stemLengthsByHead.get(token.slice(0, 1)))
  }

  #matchStem(token: string, lengths: readonly number[] | undefined): TermMatch<V> | undefined {
    if (lengths === undefined) return undefined
    for (const length of lengths) {
      if (length > token.length) continue
      const stem = token.slice(0, length)
      const stemValue = this.#stems.get(stem)
      if (stemValue !== undefined) return { value: stemValue, term: stem, tokens: 1, rest: token.slice(length) }
    }
    return undefined
  }
}

const LATIN_WORD_RE = /^[a-z0-9]+$/

/** Substring search for Chinese and Japanese entries, longest entry first at each position. */
export class SubstringIndex<V> {
  readonly #values = new Map<string, V>()
  #re: RegExp | undefined

  add(term: string, value: V): boolean {
    if (this.#values.has(term)) return false
    this.#values.set(term, value)
    this.#re = undefined
    return true
  }

  /** Every non-overlapping entry found in `text`, with its position. */
  scan(text: string): Array<{ value: V; term: string; index: number }> {
    if (this.#values.size === 0) return []
    this.#re ??= compileAlternation([...this.#values.keys()])
    const found: Array<{ value: V; term: string; index: number }> = []
    const re = this.#re
    re.lastIndex = 0
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const value = this.#values.get(m[0])
      if (value !== undefined) found.push({ value, term: m[0], index: m.index })
    }
    return found
  }
}

const REGEX_SPECIAL_RE = /[.*+?^${}()|[\]\\]/g

function compileAlternation(terms: string[]): RegExp {
  const parts = [...terms]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((t) => {
      const escaped = t.replace(REGEX_SPECIAL_RE, '\\$&')
      // Latin entries inside CJK lists (`nba`, `gdp`) must still be whole words.
      return LATIN_WORD_RE.test(t) ? `(?<![a-z0-9])${escaped}(?![a-z0-9])` : escaped
    })
  return new RegExp(parts.join('|'), 'g')
}

/** Splits a list written as `'term, stem*, two words'` into its entries. */
export function listEntries(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}
