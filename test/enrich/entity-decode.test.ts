/**
 * decodeTags is Viterbi over the model's scores written for speed (issue 27, ingest cost): sums in
 * locals, weight offsets looked up once per table, unrolled transitions. Here it is held to the
 * plain definition, tag for tag: each scored token's score per tag is the float32 sum of the
 * weights of tokenFeatures (the static features, then the previous tag's, in their order), less
 * the O score; a token that is not scored (no capital, nothing open that may continue) is O at no cost.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { entityModelGroup, featureContext } from '../../core/enrich/entities.ts'
import {
  decodeTags,
  type EntityModelFile,
  type FeatureContext,
  isAllowed,
  loadWeights,
  lookupWeights,
  MAX_TOKEN_FEATURES,
  mayContinue,
  TAG_COUNT,
  tokenFeatures,
  type WeightTable,
} from '../../core/enrich/entity-model.ts'
import { tokenizeForEntities } from '../../core/enrich/entity-tokens.ts'
import { readUner } from '../../scripts/entity-data.ts'
import { corpusFile } from './fixtures.ts'

const MODELS = (
  JSON.parse(readFileSync(new URL('../../core/enrich/entity-weights.json', import.meta.url), 'utf8')) as {
    models: Record<string, EntityModelFile>
  }
).models
const TABLES: Record<'en' | 'xx', WeightTable> = {
  en: loadWeights(MODELS.en as EntityModelFile),
  xx: loadWeights(MODELS.xx as EntityModelFile),
}

/** The plain Viterbi: a Float32Array per score, every feature looked up, every transition checked. */
function plainDecode(ctx: FeatureContext, table: WeightTable, group: 'en' | 'xx'): Uint8Array {
  const n = ctx.tokens.length
  const tags = new Uint8Array(n)
  if (n === 0) return tags
  const back = new Uint8Array(n * TAG_COUNT)
  let delta = new Float64Array(TAG_COUNT).fill(Number.NEGATIVE_INFINITY)
  delta[0] = 0
  const feats = new Uint32Array(MAX_TOKEN_FEATURES)
  const scores = new Float32Array(TAG_COUNT)
  let open = false
  for (let i = 0; i < n; i++) {
    const next = new Float64Array(TAG_COUNT).fill(Number.NEGATIVE_INFINITY)
    const candidate = ctx.candidate[i] === 1
    const scored = candidate || (open && mayContinue(ctx, i, group === 'xx'))
    for (let p = 0; p < TAG_COUNT; p++) {
      const d = delta[p] as number
      if (d === Number.NEGATIVE_INFINITY) continue
      if (!scored || (p === 0 && !candidate)) {
        if (d > (next[0] as number)) {
          next[0] = d
          back[i * TAG_COUNT] = p
        }
        continue
      }
      scores.fill(0)
      const count = tokenFeatures(ctx, i, p, feats)
      for (let f = 0; f < count; f++) {
        const off = lookupWeights(table, feats[f] as number)
        if (off < 0) continue
        for (let t = 0; t < TAG_COUNT; t++) scores[t] = (scores[t] as number) + (table.weights[off + t] as number)
      }
      const o = scores[0] as number
      for (let t = 0; t < TAG_COUNT; t++) {
        if (!isAllowed(p, t)) continue
        const v = d + (scores[t] as number) - o
        if (v > (next[t] as number)) {
          next[t] = v
          back[i * TAG_COUNT + t] = p
        }
      }
    }
    open = false
    for (let t = 1; t < TAG_COUNT; t++) if ((next[t] as number) > Number.NEGATIVE_INFINITY) open = true
    delta = next
  }
  let best = 0
  for (let t = 1; t < TAG_COUNT; t++) if ((delta[t] as number) > (delta[best] as number)) best = t
  for (let i = n - 1; i >= 0; i--) {
    tags[i] = best
    best = back[i * TAG_COUNT + best] as number
  }
  return tags
}

const decodeBoth = (text: string, lang: string) => {
  const group = entityModelGroup(lang) as 'en' | 'xx'
  const candidates: number[] = []
  const tokens = tokenizeForEntities(text, [], candidates)
  const ctx = featureContext(tokens, group, undefined, candidates)
  return {
    fast: Array.from(decodeTags(ctx, TABLES[group], group)),
    plain: Array.from(plainDecode(ctx, TABLES[group], group)),
  }
}

const TEXTS: [string, string][] = [
  [
    'en',
    'Russian President Vladimir Putin said on Tuesday that the talks in Moscow had been useful.\n\nThe Bank of England and the U.S. Federal Reserve held rates; Goldman Sachs analysts in New York disagreed.',
  ],
  [
    'en',
    'WASHINGTON (AP) — Sen. Elizabeth Warren met officials of the Securities and Exchange Commission (SEC) at the White House.',
  ],
  [
    'en',
    "McDonald's O'Brien iPhone eBay AT&T al-Assad Apollo 11 Mission, the journal Nature Astronomy and Real Madrid.",
  ],
  ['de', 'Bundeskanzler Olaf Scholz traf in Berlin den Präsidenten der Europäischen Kommission, Ursula von der Leyen.'],
  ['fr', 'Le président Emmanuel Macron a reçu à Paris le ministre des Affaires étrangères de la Côte d’Ivoire.'],
  ['pt', 'O Ministério dos Negócios Estrangeiros de Portugal recebeu em Lisboa a delegação do Banco do Brasil.'],
]

describe('decodeTags equals the plain Viterbi', () => {
  test.each(TEXTS)('%s: %s', (lang, text) => {
    const { fast, plain } = decodeBoth(text, lang)
    expect(fast).toEqual(plain)
    expect(fast.some((t) => t !== 0)).toBe(true)
  })

  const ewt = corpusFile('entities/uner-en-ewt/en_ewt-ud-test.iob2')
  test.skipIf(ewt === null)('on the 2,000 sentences of UNER English-EWT test, 50 a text', () => {
    const sentences = readUner(ewt as string).map((s) => s.tokens.join(' '))
    let differ = 0
    for (let k = 0; k < sentences.length; k += 50) {
      const { fast, plain } = decodeBoth(sentences.slice(k, k + 50).join('\n'), 'en')
      if (fast.join() !== plain.join()) differ++
    }
    expect(differ).toBe(0)
  })
})
