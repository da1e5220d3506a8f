/**
 * The first `npm start` on an empty data directory: the live node (live/server.ts) with a fresh
 * data and snapshot folder, timed from the spawn to its first `/v1/search` answering 200, and to
 * the snapshot holding the whole demo archive (the second version a first run publishes,
 * batch/first-pass.ts).
 *   bun bench/first-start.ts [--runs 1] [--port 18431]
 * Target (issue 28): first search within 90 s.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const RUNS = arg('--runs', 1)
const PORT = arg('--port', 18431)
const LIMIT_MS = 15 * 60_000
const SERVER = fileURLToPath(new URL('../live/server.ts', import.meta.url))

interface Health {
  snapshot: { version: string } | null
  articles: number
}

async function get(url: string): Promise<Response | null> {
  try {
    return await fetch(url, { signal: AbortSignal.timeout(5000) })
  } catch {
    return null
  }
}

async function oneRun(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'newsdesk-first-start-'))
  const base = `http://127.0.0.1:${PORT}`
  const load = loadavg()[0]?.toFixed(1) ?? '?'
  const started = performance.now()
  const child = Bun.spawn([process.execPath, 'run', SERVER], {
    env: {
      ...process.env,
      NEWSDESK_DATA: join(dir, 'data'),
      NEWSDESK_SNAPSHOTS: join(dir, 'snapshots'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  })
  try {
    let firstSearch: number | null = null
    let firstArticles = 0
    const versions = new Set<string>()
    while (performance.now() - started < LIMIT_MS) {
      await Bun.sleep(250)
      if (firstSearch === null) {
        const r = await get(`${base}/v1/search?q=market&size=5`)
        if (r?.status === 200) firstSearch = performance.now() - started
        else continue
      }
      const h = await get(`${base}/health`)
      if (h?.status !== 200) continue
      const body = (await h.json()) as Health
      if (body.snapshot !== null) versions.add(body.snapshot.version)
      if (versions.size === 1) firstArticles = body.articles
      if (versions.size >= 2) {
        const all = (performance.now() - started) / 1000
        return `| ${((firstSearch ?? 0) / 1000).toFixed(1)} s | ${firstArticles} | ${all.toFixed(1)} s | ${body.articles} | ${load} |`
      }
    }
    return `| ${firstSearch === null ? 'none' : `${(firstSearch / 1000).toFixed(1)} s`} | ${firstArticles} | over ${LIMIT_MS / 60_000} min | ? | ${load} |`
  } finally {
    child.kill()
    await child.exited
    rmSync(dir, { recursive: true, force: true })
  }
}

console.log('| first /v1/search 200 | articles then | whole archive served | articles | load at start |')
console.log('|---|---|---|---|---|')
for (let r = 0; r < RUNS; r++) console.log(await oneRun())
