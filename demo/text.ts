import type { Category } from '../core/categories.ts'
import type { Place } from './geo.ts'
import { DEMO_LANGS, type DemoLang, LANG_PACKS, type LangPack, type Tone } from './lang/index.ts'
import { at, type Rng } from './prng.ts'

/** Slot codes, in the order of the values array handed to `fill`. */
const SLOTS = ['T', 'T2', 'P', 'PL', 'X', 'X2', 'D', 'N', 'B', 'V'] as const
const SLOT_INDEX: Readonly<Record<string, number>> = Object.fromEntries(SLOTS.map((s, i) => [s, i]))
const LEAD_TEMPLATES = 6

type Part = string | number

/**
 * A template split once into literal text and slot codes, so that filling is plain concatenation.
 * A leading literal is stored upper-cased (sentence case); `uses` is a bit mask of the slots it
 * needs, so only those values are drawn.
 */
export interface Template {
  parts: readonly Part[]
  uses: number
  /** Spaces and characters in the literal parts, to measure a filled sentence without re-reading it. */
  literalSpaces: number
  literalLength: number
}

export function compileTemplate(source: string, lang: DemoLang): Template {
  const parts: Part[] = []
  let uses = 0
  let last = 0
  for (const match of source.matchAll(/\{([A-Z0-9]+)\}/g)) {
    const slot = SLOT_INDEX[match[1] ?? '']
    if (slot === undefined) throw new Error(`unknown slot ${match[0]} in "${source}"`)
    if (match.index > last) parts.push(source.slice(last, match.index))
    parts.push(slot)
    uses |= 1 << slot
    last = match.index + match[0].length
  }
  if (last < source.length) parts.push(source.slice(last))
  const first = parts[0]
  if (typeof first === 'string') parts[0] = capitalise(first, lang)
  let literalSpaces = 0
  let literalLength = 0
  for (const part of parts) {
    if (typeof part !== 'string') continue
    literalLength += part.length
    for (let i = 0; i < part.length; i++) if (part.charCodeAt(i) === 32) literalSpaces++
  }
  return { parts, uses, literalSpaces, literalLength }
}

export interface CompiledPack {
  pack: LangPack
  headlines: readonly Template[]
  sentences: readonly Template[]
  btcHeadlines: Readonly<Record<Tone, readonly Template[]>>
  btcSentences: Readonly<Record<Tone, readonly Template[]>>
}

function compilePack(pack: LangPack): CompiledPack {
  const compile = (source: string): Template => compileTemplate(source, pack.lang)
  const tones = (src: Readonly<Record<Tone, readonly string[]>>) => ({
    pos: src.pos.map(compile),
    neu: src.neu.map(compile),
    neg: src.neg.map(compile),
  })
  return {
    pack,
    headlines: pack.headlines.map(compile),
    sentences: pack.sentences.map(compile),
    btcHeadlines: tones(pack.bitcoin.headlines),
    btcSentences: tones(pack.bitcoin.sentences),
  }
}

export const COMPILED: Readonly<Record<DemoLang, CompiledPack>> = Object.fromEntries(
  DEMO_LANGS.map((lang) => [lang, compilePack(LANG_PACKS[lang])]),
) as Record<DemoLang, CompiledPack>

/** Fills a template in sentence case (a leading slot value gets its first letter upper-cased). */
export function fill(template: Template, values: readonly string[], lang: DemoLang): string {
  const parts = template.parts
  const first = parts[0]
  let out = typeof first === 'number' ? capitalise(values[first] ?? '', lang) : (first ?? '')
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]
    out += typeof part === 'string' ? part : (values[part ?? 0] ?? '')
  }
  return out
}

/** Length of `fill(template, values)` in words (zh/ja: characters / 2), from the parts. */
export function measure(template: Template, values: readonly string[], spaced: boolean): number {
  let spaces = template.literalSpaces
  let length = template.literalLength
  for (const part of template.parts) {
    if (typeof part === 'string') continue
    const value = values[part] ?? ''
    length += value.length
    if (spaced) for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) === 32) spaces++
  }
  return spaced ? spaces + 1 : Math.ceil(length / 2)
}

function capitalise(text: string, lang: DemoLang): string {
  const first = text.charAt(0)
  if (first === 'i' && lang === 'tr') return `İ${text.slice(1)}`
  const upper = first.toUpperCase()
  return upper === first ? text : upper + text.slice(1)
}

export function formatInt(value: number, separator: string): string {
  const digits = String(Math.round(value))
  if (digits.length <= 3) return digits
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator
    out += digits[i]
  }
  return out
}

export function personName(pack: LangPack, rng: Rng): string {
  if (pack.people !== undefined) return rng.pick(pack.people)
  const first = rng.pick(pack.firstNames)
  const last = rng.pick(pack.lastNames)
  return pack.nameOrder === 'last-first' ? last + first : `${first} ${last}`
}

/** The fixed choices an article is written around; a story shares them across its articles. */
export interface ArticleSlots {
  category: Category
  topicIndex: number
  place: Place
  person: string
}

export function topicOf(lang: DemoLang, slots: Pick<ArticleSlots, 'category' | 'topicIndex'>): string {
  return at(LANG_PACKS[lang].topics[slots.category], slots.topicIndex)
}

const BIT_T2 = 1 << 1
const BIT_X2 = 1 << 5
const BIT_D = 1 << 6
const BIT_N = 1 << 7

/** Slot values for one sentence; only the slots the template uses are drawn. */
function slotValues(lang: DemoLang, slots: ArticleSlots, rng: Rng, uses: number): string[] {
  const pack = LANG_PACKS[lang]
  const topics = pack.topics[slots.category]
  let second = ''
  if ((uses & BIT_T2) !== 0) {
    let i = rng.int(topics.length - 1)
    if (i >= slots.topicIndex) i++
    second = at(topics, i)
  }
  return [
    at(topics, slots.topicIndex),
    second,
    slots.place.name,
    slots.place.locative,
    slots.person,
    (uses & BIT_X2) !== 0 ? personName(pack, rng) : '',
    (uses & BIT_D) !== 0 ? String(rng.range(2, 19)) : '',
    (uses & BIT_N) !== 0 ? formatInt(rng.range(120, 9500), pack.thousands) : '',
    '',
    '',
  ]
}

export function makeHeadline(lang: DemoLang, slots: ArticleSlots, templateIndex: number, rng: Rng): string {
  const cp = COMPILED[lang]
  const template = at(cp.headlines, templateIndex % cp.headlines.length)
  return fill(template, slotValues(lang, slots, rng, template.uses), lang)
}

export function makeLead(lang: DemoLang, slots: ArticleSlots, rng: Rng): string {
  const template = at(COMPILED[lang].sentences, rng.int(LEAD_TEMPLATES))
  return fill(template, slotValues(lang, slots, rng, template.uses), lang)
}

/** What a bitcoin article says about the market: tone, price level and the size of the move. */
export interface BitcoinFacts {
  tone: Tone
  priceUsd: number
  movePct: number
}

function btcValues(lang: DemoLang, facts: BitcoinFacts, name: string): string[] {
  const pack = LANG_PACKS[lang]
  const values = new Array<string>(SLOTS.length).fill('')
  values[6] = String(facts.movePct)
  values[8] = name
  values[9] = formatInt(Math.round(facts.priceUsd / 100) * 100, pack.thousands)
  return values
}

/** Headline of a bitcoin article: always names bitcoin with the language's primary spelling. */
export function makeBtcHeadline(lang: DemoLang, facts: BitcoinFacts, rng: Rng): string {
  const cp = COMPILED[lang]
  return fill(rng.pick(cp.btcHeadlines[facts.tone]), btcValues(lang, facts, at(cp.pack.bitcoin.names, 0)), lang)
}

/** Opening sentence of a bitcoin article; it names bitcoin, so the description does too. */
export function makeBtcLead(lang: DemoLang, facts: BitcoinFacts, rng: Rng): string {
  const cp = COMPILED[lang]
  const candidates = cp.btcSentences[facts.tone].filter((t) => t.parts.includes(8))
  return fill(rng.pick(candidates), btcValues(lang, facts, at(cp.pack.bitcoin.names, 0)), lang)
}

export interface BodyInput {
  lang: DemoLang
  slots: ArticleSlots
  lead: string
  bitcoin: BitcoinFacts | null
}

/**
 * Paragraphs of an article body (150–600 words, 3–8 paragraphs), the lead first. Deterministic in
 * `rng`; repeated sentence templates get fresh slot values, so no two sentences read the same.
 */
export function makeBody(input: BodyInput, rng: Rng): string[] {
  const { lang, bitcoin } = input
  const cp = COMPILED[lang]
  const targetWords = 150 + Math.floor(450 * rng.next() ** 1.4)
  const paragraphCount = Math.min(8, Math.max(3, Math.round(targetWords / 75)))

  const sentences = [input.lead]
  let words = countWords(input.lead, cp.pack.spaced)
  const order = rng.shuffle(cp.sentences.map((_, i) => i))
  // The lead's own template is left out of the tone sentences: the body should not repeat it.
  const primary = at(cp.pack.bitcoin.names, 0)
  const toneQueue =
    bitcoin === null
      ? []
      : rng.shuffle(
          cp.btcSentences[bitcoin.tone].filter((t) => fill(t, btcValues(lang, bitcoin, primary), lang) !== input.lead),
        )
  let slots = input.slots
  let cursor = 0
  while (words < targetWords || sentences.length < paragraphCount) {
    const tone =
      toneQueue.length > 0 && (sentences.length === 2 || sentences.length % 4 === 0) ? toneQueue.pop() : undefined
    if (tone !== undefined && bitcoin !== null) {
      const values = btcValues(lang, bitcoin, rng.pick(cp.pack.bitcoin.names))
      sentences.push(fill(tone, values, lang))
      words += measure(tone, values, cp.pack.spaced)
      continue
    }
    if (cursor > 0 && cursor % order.length === 0) {
      // Second pass over the templates: another angle (topic, person) so sentences do not repeat.
      const topics = cp.pack.topics[slots.category]
      slots = {
        ...slots,
        topicIndex: (slots.topicIndex + 1 + rng.int(topics.length - 1)) % topics.length,
        person: personName(cp.pack, rng),
      }
    }
    const template = at(cp.sentences, at(order, cursor % order.length))
    const values = slotValues(lang, slots, rng, template.uses)
    const sentence = fill(template, values, lang)
    cursor++
    if (sentence === input.lead) continue
    sentences.push(sentence)
    words += measure(template, values, cp.pack.spaced)
  }

  const joiner = cp.pack.spaced ? ' ' : ''
  const paragraphs: string[] = []
  const perParagraph = sentences.length / paragraphCount
  for (let p = 0; p < paragraphCount; p++) {
    const start = Math.round(p * perParagraph)
    const end = Math.round((p + 1) * perParagraph)
    paragraphs.push(sentences.slice(start, end).join(joiner))
  }
  return paragraphs
}

/** Spaced languages: words; zh/ja: characters / 2, a usual rule of thumb for text length. */
export function countWords(text: string, spaced: boolean): number {
  if (!spaced) return Math.ceil(text.length / 2)
  let count = 1
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) count++
  return count
}

/** The syndication note closing a copied article. */
export function syndicationNote(lang: DemoLang, originalPublisher: string): string {
  return LANG_PACKS[lang].ui.syndicated.replace('{PUB}', originalPublisher)
}
