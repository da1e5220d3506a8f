import { describe, expect, test } from 'bun:test'
import {
  ENTITIES_MAX,
  ENTITY_BODY_MAX_CHARS,
  type EntityMention,
  extractEntities,
  extractMentions,
  foldMentions,
} from '../../core/enrich/entities.ts'
import { hashString } from '../../core/enrich/entity-model.ts'
import {
  asciiWordHashes,
  GENERAL_PUNCTUATION,
  GENERAL_PUNCTUATION_END,
  isAbbreviation,
  isAbbreviationAt,
  isCandidate,
  isWordChar,
  startsAfter,
  tokenizeForEntities,
  wordShape,
  wordShapeHash,
} from '../../core/enrich/entity-tokens.ts'
import { SPAN_RULES } from '../../core/enrich/entity-span-rules.ts'
import { ENTITY_TYPES, isEntityKey } from '../../core/entity.ts'
import { article } from './fixtures.ts'

const PUTIN_STORY = article({
  title: 'Kremlin talks end without a deal',
  description: 'Vladimir Putin met the French president in Moscow on Tuesday.',
  text: [
    'Russian President Vladimir Putin said on Tuesday that the talks in Moscow had been useful.',
    'Putin told reporters that Russia wanted a lasting agreement with France.',
    'Speaking after the meeting, President Putin added that he would travel to Paris next year.',
  ].join('\n\n'),
})

const person = (...words: string[]): EntityMention => ({ type: 'person', words })
const place = (...words: string[]): EntityMention => ({ type: 'place', words })
const org = (...words: string[]): EntityMention => ({ type: 'organisation', words })

describe('foldMentions: one entity per name within an article', () => {
  test.each([
    {
      name: 'surname and title fold into the full name',
      mentions: [person('Vladimir', 'Putin'), person('Putin'), person('President', 'Putin')],
      want: [{ key: 'person:vladimir-putin', name: 'Vladimir Putin', count: 3 }],
    },
    {
      name: 'first name folds as a prefix',
      mentions: [person('Emmanuel', 'Macron'), person('Emmanuel')],
      want: [{ key: 'person:emmanuel-macron', name: 'Emmanuel Macron', count: 2 }],
    },
    {
      name: 'a middle word is not a prefix or suffix',
      mentions: [person('John', 'Fitzgerald', 'Kennedy'), person('Fitzgerald')],
      want: [
        { key: 'person:fitzgerald', name: 'Fitzgerald', count: 1 },
        { key: 'person:john-fitzgerald-kennedy', name: 'John Fitzgerald Kennedy', count: 1 },
      ],
    },
    {
      name: 'a shorter name of another type does not fold',
      mentions: [org('Washington', 'Post'), place('Washington')],
      want: [
        { key: 'organisation:washington-post', name: 'Washington Post', count: 1 },
        { key: 'place:washington', name: 'Washington', count: 1 },
      ],
    },
    {
      name: 'possessive and leading article are dropped',
      mentions: [org('the', 'United', 'Nations'), org('United', 'Nations', "'s")],
      want: [{ key: 'organisation:united-nations', name: 'United Nations', count: 2 }],
    },
    {
      name: 'a name seen under two types takes the more frequent',
      mentions: [place('Jordan'), place('Jordan'), person('Jordan')],
      want: [{ key: 'place:jordan', name: 'Jordan', count: 3 }],
    },
    {
      name: 'ambiguous surname goes to the most mentioned full name',
      mentions: [person('Jane', 'Smith'), person('Jane', 'Smith'), person('John', 'Smith'), person('Smith')],
      want: [
        { key: 'person:jane-smith', name: 'Jane Smith', count: 3 },
        { key: 'person:john-smith', name: 'John Smith', count: 1 },
      ],
    },
  ])('$name', ({ mentions, want }) => {
    expect(foldMentions(mentions).map(({ key, name, count }) => ({ key, name, count }))).toEqual([...want])
  })

  test('sorted by count, then key', () => {
    const out = foldMentions([place('Berlin'), org('Siemens'), org('Siemens'), person('Olaf', 'Scholz')])
    expect(out.map((e) => e.key)).toEqual(['organisation:siemens', 'person:olaf-scholz', 'place:berlin'])
  })
})

describe('names seen only in capitals', () => {
  test.each([
    { name: 'a dateline place is written as a name', mentions: [place('WASHINGTON')], want: ['Washington'] },
    { name: 'every word, and after a hyphen', mentions: [place('WINSTON-SALEM')], want: ['Winston-Salem'] },
    {
      name: 'a later mixed-case mention names it',
      mentions: [place('NEW', 'YORK'), place('New', 'York')],
      want: ['New York'],
    },
    { name: 'a person in capitals (a byline)', mentions: [person('JANE', 'DOE')], want: ['Jane Doe'] },
    { name: 'short names stay: they are abbreviations', mentions: [place('UAE')], want: ['UAE'] },
    { name: 'a word with a full stop stays', mentions: [place('U.S')], want: ['U.S'] },
    { name: 'organisations keep their capitals (acronyms)', mentions: [org('ASEAN')], want: ['ASEAN'] },
    {
      name: 'an organisation seen in both takes the mixed case',
      mentions: [org('REUTERS'), org('Reuters')],
      want: ['Reuters'],
    },
  ])('$name', ({ mentions, want }) => {
    expect(foldMentions(mentions).map((e) => e.name)).toEqual([...want])
  })
})

describe('datelines', () => {
  const keys = (text: string) => extractEntities(article({ text }), 'en').map((e) => e.key)
  test.each([
    {
      mark: 'a numeric date on its own line',
      text: 'BRUSSELS 2024-05-01\n\nThe commission said on Thursday that talks would go on.',
    },
    { mark: 'a date', text: 'KINSHASA 2024-05-01\n\nThe government said on Thursday it would hold talks.' },
    { mark: 'an agency', text: 'NAIROBI (AP) — The government said on Thursday it would hold talks.' },
    { mark: 'a dash', text: 'VIENNA — The talks resumed on Monday after a week.' },
    { mark: 'a month', text: 'JOHANNESBURG, May 3 — The rand fell against the dollar.' },
  ])('a listed place in capitals opening a line before $mark is a place', ({ text }) => {
    const first = (text.split(/[\s(,]/)[0] as string).toLowerCase()
    const got = keys(text)
    expect(got).toContain(`place:${first}`)
    expect(got).not.toContain(`organisation:${first}`)
  })

  test.each([
    'LE POINT SUR LA SITUATION - La réunion a commencé.',
    'BREAKING — The talks resumed on Monday after a week.',
  ])('capitals that are no listed place stay as the tagger read them: %s', (text) => {
    expect(keys(text).filter((k) => k.startsWith('place:'))).toEqual([])
  })

  test.each([
    { text: 'SAO PAULO, Brazil (AP) — Police said on Monday that two men were held.', word: 'police' },
    { text: 'NAIROBI — Officials said the road would reopen.', word: 'officials' },
  ])('the first word after a dateline starts a sentence: no entity "$word"', ({ text, word }) => {
    const got = keys(text)
    for (const type of ['person', 'organisation', 'place']) expect(got).not.toContain(`${type}:${word}`)
  })

  test('a listed place in capitals inside a line is no dateline', () => {
    const text = 'The talks, said the envoy, move to GENEVA 2024 when the rooms are free.'
    const withRule = extractMentions(text, 'en')
    const without = extractMentions(text, 'en', undefined, undefined, { ...SPAN_RULES, datelines: false })
    expect(withRule).toEqual(without)
  })
})

describe('place → country', () => {
  test.each([
    { name: 'Paris', want: 'FR' },
    { name: 'Moscow', want: 'RU' },
    { name: 'Germany', want: 'DE' },
    { name: 'Deutschland', want: 'DE' },
    { name: 'United States', want: 'US' },
    { name: 'U.S', want: 'US' },
    { name: 'São Paulo', want: 'BR' },
    { name: 'Atlantis Nowhere', want: null },
  ])('$name → $want', ({ name, want }) => {
    const words = tokenizeForEntities(name).map((t) => t.text)
    const [e] = foldMentions([{ type: 'place', words }])
    expect(e?.country ?? null).toBe(want)
  })

  test('people and organisations carry no country', () => {
    for (const e of foldMentions([person('Paris', 'Hilton'), org('Paris', 'Saint-Germain')]))
      expect(e.country).toBeNull()
  })
})

describe('extractEntities', () => {
  const entities = extractEntities(PUTIN_STORY, 'en')

  test('one person for the three forms of Putin, named by the longest', () => {
    const putins = entities.filter((e) => e.type === 'person' && /putin/i.test(e.name))
    expect(putins).toHaveLength(1)
    expect(putins[0]?.key).toBe('person:vladimir-putin')
    expect(putins[0]?.count).toBeGreaterThanOrEqual(3)
  })

  test('places resolve to their country', () => {
    const byKey = new Map(entities.map((e) => [e.key, e]))
    expect(byKey.get('place:moscow')?.country).toBe('RU')
    expect(byKey.get('place:paris')?.country).toBe('FR')
  })

  test('keys are valid, unique and the output is sorted', () => {
    expect(entities.length).toBeGreaterThan(0)
    for (const e of entities) {
      expect(isEntityKey(e.key)).toBe(true)
      expect(ENTITY_TYPES).toContain(e.type)
      expect(e.count).toBeGreaterThanOrEqual(1)
    }
    expect(new Set(entities.map((e) => e.key)).size).toBe(entities.length)
    const sorted = [...entities].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
    expect(entities).toEqual(sorted)
  })

  test('the same name gets the same key in another article', () => {
    const other = extractEntities(
      article({ text: 'Officials in Berlin said Vladimir Putin would not attend the summit in Brussels.' }),
      'en',
    )
    expect(other.map((e) => e.key)).toContain('person:vladimir-putin')
  })

  test('deterministic', () => {
    expect(extractEntities(PUTIN_STORY, 'en')).toEqual(entities)
  })

  test.each([
    { name: 'empty article', a: article() },
    {
      name: 'lower-case stopwords only',
      a: article({ text: 'the of and a in to it is was for on that with as by at from' }),
    },
    { name: 'punctuation only', a: article({ text: '... !!! ??? --- ,,, ;;; ()' }) },
  ])('no entity from $name', ({ a }) => {
    expect(extractEntities(a, 'en')).toEqual([])
  })

  test('no entity from lower-case words between capitalised ones', () => {
    const out = extractEntities(
      article({ text: 'Angela Merkel said the and of were not words. Then she left for Berlin.' }),
      'en',
    )
    for (const e of out) for (const w of ['the', 'and', 'of']) expect(e.key).not.toBe(`${e.type}:${w}`)
  })

  test.each([
    'The European Commission said on Thursday it disagreed with the plan.',
    'The Bank of England raised rates. The Federal Reserve held them.',
    'A spokesman said The United Nations would meet. An official agreed.',
  ])('an article alone is no entity, and is no part of the name: %s', (text) => {
    const out = extractEntities(article({ text }), 'en')
    expect(out.length).toBeGreaterThan(0)
    for (const e of out) {
      expect(['the', 'a', 'an']).not.toContain(e.key.split(':')[1])
      expect(e.name).not.toMatch(/^(The|A|An) /)
    }
  })

  test('languages without a model give no entities', () => {
    expect(extractEntities(PUTIN_STORY, 'ja')).toEqual([])
    expect(extractEntities(PUTIN_STORY, '')).toEqual([])
  })

  test('hostile input: a megabyte of capitalised words stays bounded', () => {
    const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett']
    let text = ''
    for (let i = 0; text.length < 1_000_000; i++) text += `${words[i % words.length]}${i % 7 === 0 ? '. ' : ' '}`
    const out = extractEntities(article({ title: text.slice(0, 5000), description: text.slice(0, 5000), text }), 'en')
    expect(out.length).toBeLessThanOrEqual(ENTITIES_MAX)
    for (const e of out) {
      expect(e.name.length).toBeLessThanOrEqual(ENTITY_BODY_MAX_CHARS)
      expect(isEntityKey(e.key)).toBe(true)
    }
    expect(JSON.stringify(out).length).toBeLessThan(20_000)
  })
})

describe('extractMentions', () => {
  test.each([
    {
      lang: 'en',
      text: 'Barack Obama visited London with officials from Microsoft.',
      want: ['barack obama', 'london'],
    },
    { lang: 'de', text: 'Bundeskanzler Olaf Scholz reiste am Montag nach Paris.', want: ['olaf scholz', 'paris'] },
    { lang: 'pt', text: 'O presidente Luiz Inácio Lula da Silva viajou para Lisboa.', want: ['lisboa'] },
    {
      lang: 'fr',
      text: "Emmanuel Macron a reçu Olaf Scholz à l'Élysée, à Paris, mardi.",
      want: ['emmanuel macron', 'paris'],
    },
    { lang: 'es', text: 'El presidente Pedro Sánchez viajó a Bruselas el lunes.', want: ['pedro sánchez', 'bruselas'] },
    { lang: 'it', text: 'Giorgia Meloni ha incontrato a Roma i vertici della Fiat.', want: ['giorgia meloni', 'roma'] },
  ])('$lang: finds the obvious names', ({ lang, text, want }) => {
    const got = extractMentions(text, lang).map((m) => m.words.join(' ').toLowerCase())
    for (const w of want) expect(got).toContain(w)
  })
})

describe('tokens', () => {
  test.each([
    { text: "Putin's visit", want: ['Putin', "'s", 'visit'] },
    { text: 'the U.S. and AT&T', want: ['the', 'U.S', 'and', 'AT&T'] },
    { text: "O'Brien, Al-Assad.", want: ["O'Brien", ',', 'Al-Assad', '.'] },
    { text: 'São Paulo', want: ['São', 'Paulo'] },
  ])('$text', ({ text, want }) => {
    expect(tokenizeForEntities(text).map((t) => t.text)).toEqual([...want])
  })

  test('sentence starts: first token, after a full stop, after a line break, not after Mr.', () => {
    const starts = tokenizeForEntities('The man left. Then Mr. Smith came\nHome')
      .filter((t) => t.start)
      .map((t) => t.text)
    expect(starts).toEqual(['The', 'Then', 'Home'])
  })

  test.each([
    { word: 'Putin', want: 'Xxx' },
    { word: 'NATO', want: 'XX' },
    { word: 'iPhone', want: 'xXxx' },
    { word: '2024', want: 'dd' },
  ])('shape of $word is $want', ({ word, want }) => {
    expect(wordShape(word)).toBe(want)
    expect(wordShapeHash(word)).toBe(hashString(want))
  })

  test.each([...'.!?…:;"“”\'‘’()«»„[]-,/—😀'])('after %s a sentence starts as startsAfter says', (ch) => {
    const mid = tokenizeForEntities(`a ${ch} B`).at(-1)
    const first = tokenizeForEntities(`${ch} B`).at(-1)
    expect(mid?.start).toBe(startsAfter(false, ch))
    expect(first?.start).toBe(startsAfter(true, ch))
  })

  // The one-pass versions the tagger uses must answer what the plain functions answer.
  const TRICKY = [
    "McDonald's O'Brien’S iPhone eBay ABC'S abc'S x'S U.S. AT&T al-Assad Al-Assad o'Neil",
    'Éric ÉTAT état über Über ßtraße İstanbul ǅemal 2024 #Brexit @NGRSenate a_B a-B 3M 23andMe',
    'the well-known long-running Fort Worth-based firm said “Hello” — «Bonjour» 😀 x😀y Ωmega ωmega',
  ]
  test.each(TRICKY)('candidate flags from the tokenizer are isCandidate of each token: %s', (text) => {
    const candidates: number[] = []
    const tokens = tokenizeForEntities(text, [], candidates)
    expect(candidates).toEqual(tokens.map((t) => (isCandidate(t.text) ? 1 : 0)))
  })

  test('isWordChar keeps, per code point, what the regular expression says of it', () => {
    for (const pass of [1, 2])
      for (let c = 128; c < 0x3100; c++) {
        if (c >= 0xd800 && c <= 0xdfff) continue
        const ch = String.fromCharCode(c)
        expect([pass, c, isWordChar(`a${ch}`, 1)]).toEqual([pass, c, /[\p{L}\p{N}\p{M}]/u.test(ch)])
      }
  })

  test('no character of General Punctuation is a candidate (the tokenizer flags them 0 unread)', () => {
    for (let c = GENERAL_PUNCTUATION; c < GENERAL_PUNCTUATION_END; c++)
      expect([c, isCandidate(String.fromCharCode(c))]).toEqual([c, false])
  })

  test.each([
    ...TRICKY,
    'Mr. Smith met Dr. Jones, Gov. Abbott and Sen. X. Y. Z. Lee in the U.S. on Jan. 5. The end. ST. LOUIS. A.B.C. x.',
  ])('isAbbreviationAt reads in the text what isAbbreviation reads of the token: %s', (text) => {
    let at = 0
    for (const token of tokenizeForEntities(text)) {
      const from = text.indexOf(token.text, at)
      expect(from).toBeGreaterThanOrEqual(0)
      at = from + token.text.length
      expect([token.text, isAbbreviationAt(text, from, at, token)]).toEqual([token.text, isAbbreviation(token.text)])
    }
  })

  test.each(TRICKY)('asciiWordHashes is the lower-case hash and the shape hash: %s', (text) => {
    for (const { text: word } of tokenizeForEntities(text)) {
      const lower = new Uint32Array(1)
      const shape = new Uint32Array(1)
      const got = asciiWordHashes(word, lower, shape, 0)
      if (/[^\x00-\x7f]/.test(word)) {
        expect(got).toBe(-1)
        continue
      }
      expect(got).toBe(word === word.toLowerCase() ? 0 : 1)
      expect(lower[0]).toBe(hashString(word.toLowerCase()))
      expect(shape[0]).toBe(wordShapeHash(word))
    }
  })
})
