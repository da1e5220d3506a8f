/**
 * Document-level scores of what ships on the development sets only (issue 27): BTC section H
 * second half (English tweets), the first 5,000 sentences of WikiANN en dev (formal English;
 * licence unknown, so measured on only, never learned from) and UNER Portuguese dev. Settings are
 * chosen here; bench/entities.ts reports the held-out sets.
 *
 *   bun scripts/entity-dev.ts [--corpus ../shared/corpus]
 */
import { join } from 'node:path'
import { extractMentions } from '../core/enrich/entities.ts'
import { ENTITY_TYPES } from '../core/entity.ts'
import { corpusDir, type EntitySet, hasEntityCorpus, loadEntitySets, readWikiann } from './entity-data.ts'
import { evaluate, prf, total } from './entity-scores.ts'

const corpus = corpusDir()
if (!hasEntityCorpus(corpus)) {
  console.log('entity-dev: skipped, no entity corpus')
  process.exit(0)
}
// --ewt: also UNER English-EWT dev, for weights trained with `--experiment ewt-dev` (not trained on there).
const withEwt = process.argv.includes('--ewt')
const sets: EntitySet[] = loadEntitySets(corpus).filter(
  (s) => s.use === 'dev' || (withEwt && s.name === 'uner-en-ewt-dev'),
)
// --ewt-half: only the second half of UNER English-EWT dev, for weights trained with `--experiment ewt-half`.
const ewt = sets.find((s) => s.name === 'uner-en-ewt-dev')
if (ewt !== undefined && process.argv.includes('--ewt-half')) {
  let cut = Math.floor(ewt.sentences.length / 2)
  while (cut < ewt.sentences.length && ewt.sentences[cut]?.doc === ewt.sentences[cut - 1]?.doc) cut++
  ewt.name = 'uner-en-ewt-dev-2nd-half'
  ewt.sentences = ewt.sentences.slice(cut)
}
sets.push({
  name: 'wikiann-en-dev-5000',
  lang: 'en',
  use: 'dev',
  licence: 'unknown (measure only)',
  sentences: readWikiann(join(corpus, 'entities', 'wikiann', 'en', 'dev')).slice(0, 5000),
  files: [],
  documents: 'one sentence',
})
for (const set of sets) {
  const { document } = evaluate(set, (text) => extractMentions(text, set.lang))
  const cell = (c: { tp: number; fp: number; fn: number }) => {
    const { p, r, f } = prf(c)
    return `${p.toFixed(3)}/${r.toFixed(3)}/${f.toFixed(3)}`
  }
  console.log(
    `${set.name.padEnd(20)} doc all ${cell(total(document))}  ${ENTITY_TYPES.map((t) => `${t.slice(0, 3)} ${cell(document[t])}`).join('  ')}`,
  )
}
