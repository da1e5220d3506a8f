/**
 * htmlparser2's Tokenizer, with its per-character loop skipping the runs of characters that its
 * busiest states ignore.
 *
 * The Tokenizer calls a state method for every character of the page; in text, tag names, attribute
 * names and quoted attribute values most calls do nothing (only `<`, `&`, a quote, `=`, `/`, `>` or
 * whitespace does something). On real news pages (~257 K characters) that loop was half the parse.
 * Each override here runs only in the state it replaces, moves `index` to the next character that
 * the base state acts on (or to the end of the buffer, as the Tokenizer's own `fastForwardTo`
 * does) and hands that character to the base method, so the callbacks, their order and their
 * offsets are the base Tokenizer's (test/extract/skipping-tokenizer.test.ts compares the two call
 * streams on the corpus pages and on generated markup).
 *
 * The overridden methods are private in htmlparser2's typings, so they are reached through
 * TokenizerInternals; if a release renames them, `hasInternals` is false and parseHtmlTree falls
 * back to the plain Tokenizer.
 */
import { Tokenizer } from 'htmlparser2'

interface TokenizerInternals {
  buffer: string
  index: number
  offset: number
  /** The end tag a raw-text element (script, style, title, textarea, xmp) waits for, lower case. */
  currentSequence: Uint8Array
  sequenceIndex: number
  stateInSpecialTag(c: number): void
  stateText(c: number): void
  stateInTagName(c: number): void
  stateInClosingTagName(c: number): void
  stateInAttributeName(c: number): void
  stateInAttributeValueDoubleQuotes(c: number): void
  stateInAttributeValueSingleQuotes(c: number): void
}

const TAB = 9
const NEW_LINE = 10
const FORM_FEED = 12
const CARRIAGE_RETURN = 13
const SPACE = 32
const DOUBLE_QUOTE = 34
const AMP = 38
const SINGLE_QUOTE = 39
const SLASH = 47
const LT = 60
const EQ = 61
const GT = 62
const LOWER_I = 0x69
const LOWER_T = 0x74

/** The Tokenizer's isWhitespace. */
function isWhitespace(c: number): boolean {
  return c === SPACE || c === NEW_LINE || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN
}

/** The Tokenizer's isEndOfTagSection. */
function isEndOfTagSection(c: number): boolean {
  return c === SLASH || c === GT || isWhitespace(c)
}

/**
 * Each `skip…` moves `index` to the first character at or after `index + 1` that its state acts on
 * and returns it; at the end of the buffer it leaves `index` on the last character and returns -1
 * (the parse loop's increment then ends the loop, as after the Tokenizer's fastForwardTo). One
 * loop per state so that each test is inlined.
 */
function found(t: TokenizerInternals, i: number, c: number): number {
  t.index = i + t.offset
  return c
}
function atEnd(t: TokenizerInternals): number {
  t.index = t.buffer.length + t.offset - 1
  return -1
}

/** `</title`: the Tokenizer's Sequences.TitleEnd (`</textarea` differs at its fourth character). */
function isTitleEnd(sequence: Uint8Array): boolean {
  return sequence[2] === LOWER_T && sequence[3] === LOWER_I
}

function skipText(t: TokenizerInternals): number {
  const buffer = t.buffer
  for (let i = t.index - t.offset + 1; i < buffer.length; i++) {
    const c = buffer.charCodeAt(i)
    if (c === LT || c === AMP) return found(t, i, c)
  }
  return atEnd(t)
}

function skipQuoted(t: TokenizerInternals, quote: number): number {
  const buffer = t.buffer
  for (let i = t.index - t.offset + 1; i < buffer.length; i++) {
    const c = buffer.charCodeAt(i)
    if (c === quote || c === AMP) return found(t, i, c)
  }
  return atEnd(t)
}

/** To `=` (when `eq`) or the end of a tag section: `/`, `>` or whitespace. */
function skipName(t: TokenizerInternals, eq: boolean, slash: boolean): number {
  const buffer = t.buffer
  for (let i = t.index - t.offset + 1; i < buffer.length; i++) {
    const c = buffer.charCodeAt(i)
    if (c <= SPACE) {
      if (isWhitespace(c)) return found(t, i, c)
    } else if (c === GT || (slash && c === SLASH) || (eq && c === EQ)) return found(t, i, c)
  }
  return atEnd(t)
}

const base = Tokenizer.prototype as unknown as TokenizerInternals

/** Every state method overridden below exists on this htmlparser2 release. */
export const hasInternals = [
  base.stateText,
  base.stateInTagName,
  base.stateInClosingTagName,
  base.stateInAttributeName,
  base.stateInAttributeValueDoubleQuotes,
  base.stateInAttributeValueSingleQuotes,
  base.stateInSpecialTag,
].every((method) => typeof method === 'function')

/** A Tokenizer whose busiest states skip the characters they would ignore. */
export class SkippingTokenizer extends Tokenizer {}

type StateMethod = (this: TokenizerInternals, c: number) => void

function override(name: keyof TokenizerInternals & `state${string}`, method: StateMethod): void {
  Object.defineProperty(SkippingTokenizer.prototype, name, { value: method, writable: true, configurable: true })
}

if (hasInternals) {
  const { stateText, stateInTagName, stateInClosingTagName, stateInAttributeName } = base
  const { stateInAttributeValueDoubleQuotes, stateInAttributeValueSingleQuotes } = base
  const { stateInSpecialTag } = base
  // Inside script, style, textarea and xmp (not title, whose entities are decoded), the base state
  // fast-forwards to the next `<` when no end tag is under way; so does this, with indexOf. (The
  // base compares `c | 0x20` with `<`, so U+001C under way counts as `<` there, and here.)
  override('stateInSpecialTag', function (c) {
    if ((c | 0x20) !== LT && this.sequenceIndex === 0 && !isTitleEnd(this.currentSequence)) {
      const next = this.buffer.indexOf('<', this.index - this.offset + 1)
      if (next === -1) {
        atEnd(this)
        return
      }
      c = found(this, next, LT)
    }
    stateInSpecialTag.call(this, c)
  })
  override('stateText', function (c) {
    if (c !== LT && c !== AMP && (c = skipText(this)) === -1) return
    stateText.call(this, c)
  })
  override('stateInTagName', function (c) {
    if (!isEndOfTagSection(c) && (c = skipName(this, false, true)) === -1) return
    stateInTagName.call(this, c)
  })
  override('stateInClosingTagName', function (c) {
    if (c !== GT && !isWhitespace(c) && (c = skipName(this, false, false)) === -1) return
    stateInClosingTagName.call(this, c)
  })
  override('stateInAttributeName', function (c) {
    if (c !== EQ && !isEndOfTagSection(c) && (c = skipName(this, true, true)) === -1) return
    stateInAttributeName.call(this, c)
  })
  override('stateInAttributeValueDoubleQuotes', function (c) {
    if (c !== DOUBLE_QUOTE && c !== AMP && (c = skipQuoted(this, DOUBLE_QUOTE)) === -1) return
    stateInAttributeValueDoubleQuotes.call(this, c)
  })
  override('stateInAttributeValueSingleQuotes', function (c) {
    if (c !== SINGLE_QUOTE && c !== AMP && (c = skipQuoted(this, SINGLE_QUOTE)) === -1) return
    stateInAttributeValueSingleQuotes.call(this, c)
  })
}
