/**
 * Ingests one WARC file in a process of its own and prints, as JSON, the summary, the URLs stored
 * and the process's peak RSS (sampled every 20 ms), so a test can bound the memory of a run alone.
 *   bun test/support/hostile-ingest-child.ts <warc> <store> <workers> <now>
 */
import { ingest } from '../../batch/ingest/run.ts'
import { openStore } from '../../store/open.ts'

const [file, store, workers, now] = process.argv.slice(2)
if (file === undefined || store === undefined || workers === undefined || now === undefined)
  throw new Error('usage: hostile-ingest-child.ts <warc> <store> <workers> <now>')
const db = openStore(store)
let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20)
const summary = await ingest({ db, sources: [file], now: new Date(now), workers: Number(workers) })
clearInterval(sampler)
peakRss = Math.max(peakRss, process.memoryUsage().rss)
const urls = db
  .query<{ url: string }, []>('SELECT url FROM articles ORDER BY url')
  .all()
  .map((r) => r.url)
db.close()
console.log(JSON.stringify({ summary, urls, peakRss }))
