/**
 * Gives a synthetic store that bench/search.ts built before entities existed (schema ≤ 17) the
 * entities the generator now draws for each article (bench/synthetic-articles.ts, their own random
 * stream), so the 1M store need not be written again (23 min quiet, longer on a busy machine): the
 * store is migrated, each article's entity rows written through the same EntityRowWriter the
 * ArticleWriter uses, its full-text row written again with its entity tokens, and the index
 * optimised. The result is the store a fresh build would write.
 *   bun bench/entity-backfill.ts --db bench/.data-e/s1000000.sqlite --size 1000000
 */
import { EntityRowWriter } from '../store/articles.ts'
import { FTS_INSERT_SQL, ftsValues } from '../store/fts-row.ts'
import { optimizeFullText } from '../store/fts-maintenance.ts'
import { openStore } from '../store/open.ts'
import { articles } from './synthetic-articles.ts'

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? def) : def
}
const path = arg('--db', '')
const size = Number(arg('--size', '1000000'))
if (path === '') throw new Error('--db PATH is required')

const db = openStore(path)
const done = db.query<{ n: number }, []>('SELECT count(*) AS n FROM article_entities').get()?.n ?? 0
if (done > 0) {
  console.log(`${path} has ${done} entity rows already: nothing to do`)
  process.exit(0)
}
const rows = new EntityRowWriter(db)
const find = db.query<{ seq: number; tkey: number }, [string]>('SELECT seq, tkey FROM articles WHERE url = ?')
const drop = db.query('DELETE FROM articles_fts WHERE rowid = ?')
const insert = db.query(FTS_INSERT_SQL)
const t0 = performance.now()
let n = 0
let batch: ReturnType<typeof articles> extends Generator<infer A> ? A[] : never = []
const flush = db.transaction((b: typeof batch) => {
  for (const a of b) {
    const at = find.get(a.url)
    if (at === null || a.entities.length === 0) continue
    rows.write(at.seq, a, Math.floor(Date.parse(a.published_at) / 1000))
    drop.run(at.tkey)
    insert.run(at.tkey, ...ftsValues({ ...a, entity_keys: a.entities.map((e) => e.key) }))
  }
})
for (const a of articles(size, 1)) {
  batch.push(a)
  if (batch.length === 10_000) {
    flush(batch)
    n += batch.length
    batch = []
    if (n % 100_000 === 0) console.log(`${n} articles, ${((performance.now() - t0) / 1000).toFixed(0)} s`)
  }
}
flush(batch)
n += batch.length
console.log(`entity rows for ${n} articles in ${((performance.now() - t0) / 1000).toFixed(0)} s; optimising the index`)
const t1 = performance.now()
optimizeFullText(db)
db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
const count = (sql: string) => db.query<{ n: number }, []>(sql).get()?.n ?? 0
console.log(
  `optimised in ${((performance.now() - t1) / 1000).toFixed(0)} s: ${count('SELECT count(*) AS n FROM entities')} entities, ${count('SELECT count(*) AS n FROM article_entities')} article rows, ${count('SELECT count(*) AS n FROM entity_days')} entity_days rows`,
)
db.close()
