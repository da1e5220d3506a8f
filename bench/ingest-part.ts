/**
 * Helper of bench/ingest.ts: reads, extracts and enriches every `parts`-th file of a list (no
 * store) and prints its article count. Run alone and as two concurrent processes, it measures how
 * much a second core of this machine adds to work that shares nothing.
 *   bun bench/ingest-part.ts <file-list.json> <part> <parts>
 */
import { readFileSync } from 'node:fs'
import { readBatches } from '../batch/ingest/read-job.ts'

const [listPath, part, parts] = [process.argv[2] ?? '', Number(process.argv[3]), Number(process.argv[4])]
const files = (JSON.parse(readFileSync(listPath, 'utf8')) as string[]).filter((_, i) => i % parts === part)
let rows = 0
for (const f of files) for await (const b of readBatches(f, 0)) rows += b.rows.length
console.log(rows)
