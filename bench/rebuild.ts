/**
 * The hourly rebuild (snapshot answers + research bundle) and a live node restart onto an
 * existing snapshot, on a synthetic store of each size.
 *   bun bench/rebuild.ts [--sizes 70000,1000000]
 * Targets: rebuild ≤ 60 s at 1M articles; live restart ≤ 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildSnapshot } from '../batch/snapshot/run.ts'
import { createApp } from '../live/app.ts'
import { SnapshotSource } from '../live/snapshot-source.ts'
import { ArticleWriter, type ArticleRow } from '../store/articles.ts'
import { openStore } from '../store/open.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { NOW_S, articles } from './synthetic-articles.ts'

const i = process.argv.indexOf('--sizes')
const SIZES = (i === -1 ? '70000,1000000' : (process.argv[i + 1] ?? '')).split(',').map(Number)
const rows: string[] = []

for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'newsdesk-bench-rebuild-'))
  try {
    const path = join(dir, 's.sqlite')
    const db = openStore(path)
    const writer = new ArticleWriter(db)
    const flush = db.transaction((b: ArticleRow[]) => {
      for (const r of b) writer.write(r, 0)
    })
    let batch: ArticleRow[] = []
    for (const a of articles(size, 1)) {
      batch.push(a)
      if (batch.length === 5000) flush(batch), (batch = [])
    }
    flush(batch)
    const now = new Date(NOW_S * 1000)
    let t = performance.now()
    const plain = buildSnapshot({ db, root: join(dir, 'snap-plain'), now, sources: {}, bundle: false })
    const answersMs = performance.now() - t
    t = performance.now()
    buildSnapshot({ db, root: join(dir, 'snap'), now, sources: {} })
    const fullMs = performance.now() - t
    db.close()

    // Restart: open the store read-only, load the latest snapshot, answer a first search and a snapshot URL.
    t = performance.now()
    const ro = openStore(path, { readonly: true })
    const source = new SnapshotSource({ root: join(dir, 'snap'), db: () => ro, index: (d) => new SqliteSearchIndex(d) })
    source.refresh()
    const app = createApp({ data: () => source.current, clock: () => now, uptimeSeconds: () => 0, version: 'bench' })
    const first = await app.handle(new Request('http://localhost/v1/search?q=w1'))
    const snap = await app.handle(new Request('http://localhost/v1/trends'))
    const restartMs = performance.now() - t
    if (first.status !== 200 || snap.status !== 200) throw new Error(`restart answered ${first.status}/${snap.status}`)
    ro.close()
    rows.push(
      `| ${size.toLocaleString('en')} | ${plain.files.length} | ${(answersMs / 1000).toFixed(1)} s | ${(fullMs / 1000).toFixed(1)} s | ${(restartMs / 1000).toFixed(2)} s |`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
console.log(
  '| articles in store | snapshot files | rebuild: answers only | rebuild: answers + bundle | live restart to first answers |',
)
console.log('|---:|---:|---:|---:|---:|')
for (const r of rows) console.log(r)
console.log('\nsynthetic articles (bench/synthetic-articles.ts); targets: rebuild ≤ 60 s at 1M, restart ≤ 10 s')
