/**
 * The batch run of the hot-swap test, in its own process as the live node runs it (live/server.ts
 * spawns batch/main.ts): ingests the given articles into the store, then builds and publishes a
 * snapshot version through the real build functions.
 */
import { readFileSync } from 'node:fs'
import { buildSnapshot } from '../../batch/snapshot/run.ts'
import { type ArticleRow, ArticleWriter } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'

const [storePath, root, now, articlesJson] = process.argv.slice(2)
if (storePath === undefined || root === undefined || now === undefined || articlesJson === undefined) {
  throw new Error('usage: hot-swap-build.ts <store> <snapshots root> <now ISO> <articles.json>')
}
const rows = JSON.parse(readFileSync(articlesJson, 'utf8')) as ArticleRow[]
const db = openStore(storePath)
const writer = new ArticleWriter(db)
db.transaction(() => {
  for (const row of rows) {
    const outcome = writer.write(row, 0)
    if (outcome !== 'inserted') throw new Error(`${row.url}: ${outcome}`)
  }
})()
// The test takes this line as the moment the new articles became visible in the store.
process.stdout.write('ingested\n')
buildSnapshot({ db, root, now: new Date(now), sources: { ingested: rows.length } })
db.close()
