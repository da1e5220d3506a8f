/**
 * Fast paths of the rules after the tagger (issue 27, ingest cost), each held to the plain
 * expression it replaced: isShoutedWord without case-mapped copies, isHyphenFirstName without
 * split, listedKind answered by the lexicon without building the key.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { featureContext } from '../../core/enrich/entities.ts'
import { isShoutedWord } from '../../core/enrich/entity-datelines.ts'
import { type EntityGazetteerFile, listedKind, loadGazetteer } from '../../core/enrich/entity-gazetteer.ts'
import { isHyphenFirstName } from '../../core/enrich/entity-span-rules.ts'
import { tokenizeForEntities } from '../../core/enrich/entity-tokens.ts'

const GAZ = loadGazetteer(
  JSON.parse(
    readFileSync(new URL('../../core/enrich/entity-gazetteer.json', import.meta.url), 'utf8'),
  ) as EntityGazetteerFile,
)

const TEXT = [
  'WASHINGTON (AP) — Sen. Elizabeth Warren of Massachusetts met officials of the Securities and Exchange Commission at the White House.',
  'SAO PAULO, Brazil — Jo-Wilfried Tsonga and Jean-Pierre Rampal flew from New York City to Rio de Janeiro via the United Kingdom and Hong Kong.',
  'NEW YORK, Nov 27 (Reuters) - Shares of Home Depot, PG&E and Bank of America rose; the U.S. Federal Reserve in Kansas City said so.',
  "Éric ÉTAT état über Über İstanbul ǅemal 2024 #Brexit @NGRSenate a_B a-B 3M 23andMe McDonald's O'Brien iPhone eBay AT&T al-Assad",
  'ÖSTERREICH, Côte d’Ivoire, México, São Paulo, Ἀθῆναι, МОСКВА, Москва, the Democratic Republic of the Congo and Papua New Guinea.',
].join('\n')

const WORDS = [
  ...tokenizeForEntities(TEXT).map((t) => t.text),
  ...[
    '',
    'A',
    'a',
    'AB',
    'Ab',
    'U.S',
    'N.M.',
    '2024',
    'X2',
    'x2',
    'ÉTAT',
    'État',
    'ß',
    'SS',
    'İ',
    'ǅ',
    'Ǆ',
    'ǆ',
    'WINSTON-SALEM',
  ],
]

describe('fast paths equal the plain expressions', () => {
  test('isShoutedWord: a letter and no lower-case letter', () => {
    const random = Array.from({ length: 2000 }, (_, k) =>
      Array.from({ length: 1 + (k % 7) }, (_, j) => String.fromCharCode(32 + ((k * 31 + j * 17) % 95))).join(''),
    )
    for (const w of [...WORDS, ...random, 'WASHINGTON AND LEE', 'New York']) {
      expect([w, isShoutedWord(w)]).toEqual([w, w !== w.toLowerCase() && w === w.toUpperCase()])
    }
  })

  test('isHyphenFirstName: two parts split at one hyphen, both first names', () => {
    const names = new Set(['jo', 'wilfried', 'jean', 'pierre', 'anne'])
    for (const w of [
      ...WORDS.map((x) => x.toLowerCase()),
      'jo-wilfried',
      'jean-pierre-anne',
      '-jo',
      'jo-',
      'jo--anne',
      'x-jo',
    ]) {
      const parts = w.split('-')
      expect([w, isHyphenFirstName(w, names)]).toEqual([w, parts.length === 2 && parts.every((p) => names.has(p))])
    }
  })

  test('featureContext on reused buffers equals a fresh one, after a longer text and a shorter one', () => {
    const plain = (ctx: ReturnType<typeof featureContext>) => ({
      ...ctx,
      tokens: null,
      lexicon: null,
      lower: [...ctx.lower],
      ...Object.fromEntries(
        (['candidate', 'hLower', 'hShape', 'word', 'gaz', 'clusters', 'runEnd', 'runStart', 'caseClass'] as const).map(
          (k) => [k, Array.from(ctx[k])],
        ),
      ),
    })
    const texts = [TEXT, 'Short one by Angela Merkel in Berlin.', TEXT.slice(0, 300), '', TEXT]
    for (const group of ['en', 'xx'] as const) {
      for (const text of texts) {
        const candidates: number[] = []
        const tokens = tokenizeForEntities(text, [], candidates)
        const reused = plain(featureContext(tokens, group, GAZ, candidates, true))
        expect(reused).toEqual(plain(featureContext(tokens, group, GAZ, candidates)))
      }
    }
  })

  test('listedKind: the gazetteer kinds of every span of up to five tokens', () => {
    const candidates: number[] = []
    const tokens = tokenizeForEntities(TEXT, [], candidates)
    const ctx = featureContext(tokens, 'en', GAZ, candidates)
    let listed = 0
    for (let from = 0; from < tokens.length; from++) {
      for (let to = from; to < Math.min(tokens.length, from + 5); to++) {
        const plain = GAZ.kinds.get(ctx.lower.slice(from, to + 1).join(' ')) ?? 0
        expect([from, to, listedKind(GAZ, ctx, from, to)]).toEqual([from, to, plain])
        if (plain !== 0) listed++
      }
    }
    expect(listed).toBeGreaterThan(10)
  })
})
