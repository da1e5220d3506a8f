/**
 * Light stemmers: just enough to make the plural and case forms of a headline word meet
 * ("elections"/"election", "eleições"/"eleição", "Kanzlers"/"Kanzler", "대통령이"/"대통령").
 * They work on folded words (lower case, Latin/Cyrillic diacritics removed), are applied the same
 * way to every headline and to the `kw` filter, and never leave fewer letters than a floor, so a
 * short word is kept whole. The stems are keys, never shown: keywords are shown in a surface form.
 */

type Stemmer = (word: string) => string

const len = (s: string): number => [...s].length

function stripFirst(word: string, suffixes: readonly (readonly [string, string])[], minStem: number): string {
  for (const [suffix, replacement] of suffixes) {
    if (word.endsWith(suffix) && len(word) - len(suffix) >= minStem)
      return word.slice(0, word.length - suffix.length) + replacement
  }
  return word
}

const VOWEL = /[aeiou]$/
// A final -s after i/u is usually part of the word (país, crisis, virus), not a plural.
const PLURAL_VOWEL = /[aeo]$/

const en: Stemmer = (w) => {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`
  if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2)
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1)
  return w
}

const es: Stemmer = (w) => {
  if (w.length > 4 && w.endsWith('ces')) return `${w.slice(0, -3)}z`
  // -es only follows these consonants (elecciones, ciudades, leyes); presidentes is presidente + s.
  if (w.length > 4 && /[lrndzjsy]es$/.test(w)) return w.slice(0, -2)
  if (w.length > 3 && w.endsWith('s') && PLURAL_VOWEL.test(w.slice(0, -1))) return w.slice(0, -1)
  return w
}

const PT_SUFFIXES: readonly (readonly [string, string])[] = [
  ['oes', 'ao'],
  ['aes', 'ao'],
  ['ais', 'al'],
  ['eis', 'el'],
  ['ois', 'ol'],
  ['ns', 'm'],
  ['res', 'r'],
  ['zes', 'z'],
  ['ses', 's'],
]
const pt: Stemmer = (w) => {
  const s = stripFirst(w, PT_SUFFIXES, 3)
  if (s !== w) return s
  if (w.length > 3 && w.endsWith('s') && PLURAL_VOWEL.test(w.slice(0, -1))) return w.slice(0, -1)
  return w
}

const fr: Stemmer = (w) => {
  if (w.length > 5 && w.endsWith('eaux')) return w.slice(0, -1)
  if (w.length > 4 && w.endsWith('aux')) return `${w.slice(0, -3)}al`
  if (w.length > 3 && /[sx]$/.test(w) && !w.endsWith('ss')) return w.slice(0, -1)
  return w
}

const it: Stemmer = (w) => {
  if (w.length > 5 && /[cg]h[ei]$/.test(w)) return w.slice(0, -2)
  if (w.length > 4 && VOWEL.test(w)) return w.slice(0, -1)
  return w
}

// CISTEM's suffix loop (Weissweiler & Fraser 2017) without its substitutions.
const de: Stemmer = (w) => {
  let s = w
  for (;;) {
    if (s.length > 5 && /(?:em|er|nd)$/.test(s)) s = s.slice(0, -2)
    else if (s.length > 4 && /[tesn]$/.test(s)) s = s.slice(0, -1)
    else return s
  }
}

const nl: Stemmer = (w) => {
  if (w.length > 5 && w.endsWith('en')) return w.slice(0, -2)
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1)
  return w
}

// Folded forms: й and ё lose their marks (и, е), so the endings are written that way.
const RU_ENDINGS = [
  'ями',
  'ами',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'иях',
  'ах',
  'ях',
  'ов',
  'ев',
  'еи',
  'ом',
  'ем',
  'ам',
  'ям',
  'ои',
  'ыи',
  'ии',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ую',
  'юю',
  'ых',
  'их',
  'а',
  'я',
  'ы',
  'и',
  'у',
  'ю',
  'о',
  'е',
  'ь',
].map((e) => [e, ''] as const)
const ru: Stemmer = (w) => stripFirst(w, RU_ENDINGS, 3)

// Larkey's light10 for Arabic, after unifying alef forms, alef maqsura and ta marbuta.
const AR_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال']
const AR_SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'].map((e) => [e, ''] as const)
const ar: Stemmer = (word) => {
  let w = word
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
  const prefix = AR_PREFIXES.find((p) => w.startsWith(p) && len(w) - len(p) >= 2)
  if (prefix !== undefined) w = w.slice(prefix.length)
  else if (w.startsWith('و') && len(w) >= 4) w = w.slice(1)
  return stripFirst(w, AR_SUFFIXES, 2)
}

// Ramanathan & Rao's light Hindi suffix list, longest first.
const HI_SUFFIXES = [
  'ियों',
  'ाओं',
  'ुओं',
  'ियां',
  'ियाँ',
  'ाएं',
  'ाएँ',
  'ों',
  'ें',
  'ीं',
  'ां',
  'ाँ',
  'ो',
  'े',
  'ू',
  'ु',
  'ी',
  'ि',
  'ा',
].map((e) => [e, ''] as const)
const hi: Stemmer = (w) => stripFirst(w, HI_SUFFIXES, 2)

// Korean particles glued to a noun (대통령이, 국회에서), longest first.
const KO_PARTICLES = [
  '에서는',
  '에게서',
  '으로서',
  '으로써',
  '에서',
  '에게',
  '으로',
  '까지',
  '부터',
  '처럼',
  '보다',
  '이나',
  '라는',
  '이라',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
].map((e) => [e, ''] as const)
const ko: Stemmer = (w) => stripFirst(w, KO_PARTICLES, 2)

// Turkish is agglutinative; the first five letters are a strong stem (Can et al. 2008, "F5").
const tr: Stemmer = (w) => {
  const chars = [...w]
  return chars.length > 5 ? chars.slice(0, 5).join('') : w
}

const STEMMERS: Readonly<Record<string, Stemmer>> = { en, es, pt, fr, it, de, nl, ru, ar, hi, ko, tr }

/** Languages with a stemmer; others (zh, ja and anything unknown) keep folded words as they are. */
export const STEMMED_LANGS: readonly string[] = Object.keys(STEMMERS).sort()

/** The stem of a folded word in `lang`. Digits are never stemmed. */
export function stem(folded: string, lang: string): string {
  const stemmer = STEMMERS[lang]
  return stemmer === undefined || /^\d+$/.test(folded) ? folded : stemmer(folded)
}
