/** Ingests a folder in its own process (so a test can SIGKILL it mid-run). */
import { ingest } from '../../batch/ingest/run.ts'
import { resolveInputs } from '../../batch/warc/inputs.ts'
import { openStore } from '../../store/open.ts'

const [path, input, now] = process.argv.slice(2)
if (path === undefined || input === undefined || now === undefined)
  throw new Error('usage: ingest-child.ts <store> <input> <now>')
const sources = await resolveInputs([input], { ccNewsBaseUrl: 'http://127.0.0.1:9/' })
const db = openStore(path)
await ingest({ db, sources, now: new Date(now), workers: 1 })
db.close()
