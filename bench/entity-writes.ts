/**
 * What the entity rows cost the store's writer (issue 27): the same synthetic articles written
 * through the real ArticleWriter into fresh stores, with their entities and with none, in
 * alternating rounds. Prints articles/s of each and the ratio.
 *   bun bench/entity-writes.ts [--articles 20000] [--rounds 3]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ArticleWriter, type ArticleRow } from '../store/articles.ts'
import { openStore } from '../store/open.ts'
import { articles } from './synthetic-articles.ts'

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? def) : def
}
const N = Number(arg('--articles', '20000'))
const ROUNDS = Number(arg('--rounds', '3'))
const rows = [...articles(N, 3)]
const bare: ArticleRow[] = rows.map((r) => ({ ...r, entities: [] }))
const perArticle = rows.reduce((n, r) => n + r.entities.length, 0) / rows.length

function writeAll(batch: readonly ArticleRow[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'entity-writes-'))
  try {
    const db = openStore(join(dir, 's.sqlite'))
    const writer = new ArticleWriter(db)
    const t = performance.now()
    for (let i = 0; i < batch.length; i += 5000) {
      const part = batch.slice(i, i + 5000)
      db.transaction(() => {
        for (const r of part) writer.write(r, 0)
      })()
    }
    const s = (performance.now() - t) / 1000
    db.close()
    return batch.length / s
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const withRates: number[] = []
const withoutRates: number[] = []
for (let r = 0; r < ROUNDS; r++) {
  withoutRates.push(writeAll(bare))
  withRates.push(writeAll(rows))
}
const best = (xs: number[]) => Math.max(...xs)
console.log(`${N} synthetic articles, ${perArticle.toFixed(1)} entities each on average, ${ROUNDS} alternating rounds`)
console.log('| writer | articles/s (best) | per round |')
console.log('|---|---:|---|')
console.log(
  `| without entities | ${best(withoutRates).toFixed(0)} | ${withoutRates.map((x) => x.toFixed(0)).join(', ')} |`,
)
console.log(`| with entities | ${best(withRates).toFixed(0)} | ${withRates.map((x) => x.toFixed(0)).join(', ')} |`)
console.log(
  `cost per article with entities: ×${(best(withoutRates) / best(withRates)).toFixed(2)} (rounds: ${withoutRates.map((w, i) => (w / (withRates[i] ?? 1)).toFixed(2)).join(', ')})`,
)
