/**
 * Quality floor of the shipped entity tagger on two held-out English sets of the shared corpus
 * (never trained or tuned on: scripts/entity-data.ts), document level over the three types. The
 * floors sit a few points under the figures in docs/benchmarks.md ("Entities"), so a retrain
 * that loses ground fails here. Skips when the corpus is absent.
 */
import { describe, expect, test } from 'bun:test'
import { extractMentions } from '../../core/enrich/entities.ts'
import { dropDemonyms, type EntitySet, loadDemonyms, readConll, readUner } from '../../scripts/entity-data.ts'
import { evaluate, prf, total } from '../../scripts/entity-scores.ts'
import { CORPUS_DIR, corpusFile } from './fixtures.ts'

const ewt = corpusFile('entities/uner-en-ewt/en_ewt-ud-test.iob2')
const btcG = corpusFile('entities/broad-twitter-corpus/g.conll')
const countries = corpusFile('entities/gazetteers/countries/countries.json')

const set = (name: string, sentences: EntitySet['sentences']): EntitySet => ({
  name,
  lang: 'en',
  use: 'measure',
  licence: '',
  sentences,
  files: [],
  documents: '',
})

describe('entity quality floor (held-out English)', () => {
  test.skipIf(ewt === null)('UNER English-EWT test: document-level F1 ≥ 0.55', () => {
    const r = evaluate(set('ewt', readUner(ewt as string)), (text) => extractMentions(text, 'en'))
    expect(prf(total(r.document)).f).toBeGreaterThanOrEqual(0.55)
  })

  test.skipIf(btcG === null || countries === null)('Broad Twitter Corpus section G: document-level F1 ≥ 0.57', () => {
    const demonyms = loadDemonyms(CORPUS_DIR)
    const sentences = readConll(btcG as string).map((s) => dropDemonyms(s, demonyms))
    const r = evaluate(set('btc-g', sentences), (text) => extractMentions(text, 'en'))
    expect(prf(total(r.document)).f).toBeGreaterThanOrEqual(0.57)
  })
})
