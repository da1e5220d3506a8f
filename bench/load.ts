/**
 * Issue 9, item 4: load against the real server (live/server.ts in its own process, on loopback)
 * with the realistic mix: 60% snapshot reads, 30% searches with filters, 10% BTC range queries.
 * During each run an "hourly build" (the same `batch/main.ts build` the node runs, with new WARC
 * files to ingest) publishes a version, and a second build hot-swaps another, while the server
 * keeps answering. Prints requests/s, p50/p99, status classes, connection errors and the server's
 * RSS before/after each of the runs. A benchmark, never pass/fail (the smoke test is
 * test/limits/load-smoke.test.ts).
 *
 * Each run has two halves with a /health probe throughout: the mix without per-country searches,
 * then with `--country-share` of them (default 20%), so the probe's p99 shows what per-country
 * searches do to everything else; `--query-workers 0` answers them on the main thread instead of
 * the query pool, for comparison.
 *
 *   bun run bench/load.ts [--seconds 60] [--runs 3] [--connections 32] [--days 7] [--country-share 0.2] [--query-workers 2]
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemoArchive } from '../demo/index.ts'
import { fixedSnapshotUrls } from '../batch/snapshot/compute.ts'
import { tempDir } from '../test/support/tmp.ts'
import { runMix, type MixResult } from './load-mix.ts'
import { SETTINGS } from '../core/settings.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const SECONDS = arg('--seconds', 60)
const RUNS = arg('--runs', 3)
const CONNECTIONS = arg('--connections', 32)
const DAYS = arg('--days', 7)
const COUNTRY_SHARE = arg('--country-share', 0.2)
const QUERY_WORKERS = arg('--query-workers', SETTINGS.NEWSDESK_QUERY_WORKERS.default)
const NOW = Date.parse('2026-11-21T14:00:00Z')
const ROOT = new URL('..', import.meta.url).pathname

const tmp = tempDir('load')
process.on('exit', tmp.cleanup)
const demo = join(tmp.dir, 'demo')
const inputs = join(tmp.dir, 'inputs')
mkdirSync(inputs)
await generateDemoArchive({ outDir: demo, now: new Date(NOW), days: DAYS, articlesPerDay: 400 })
const warc = (readdirSync(join(demo, 'warc'), { recursive: true }) as string[])
  .filter((n) => n.endsWith('.warc.gz'))
  .sort()
// Hold back the last files: each run's hourly build has fresh WARC files to ingest.
const heldBack = Math.min(warc.length - 1, RUNS * 4)
const reveal = (names: readonly string[]) => {
  for (const n of names) copyFileSync(join(demo, 'warc', n), join(inputs, n.replaceAll('/', '-')))
}
reveal(warc.slice(0, warc.length - heldBack))

let buildHour = 0
const env = (nowMs: number) => ({
  ...process.env,
  NEWSDESK_DATA: join(tmp.dir, 'data'),
  NEWSDESK_SNAPSHOTS: join(tmp.dir, 'snapshots'),
  NEWSDESK_INPUTS: inputs,
  NEWSDESK_NOW: new Date(nowMs).toISOString(),
})
async function build(label: string): Promise<{ label: string; ms: number; code: number }> {
  const started = performance.now()
  const child = Bun.spawn([process.execPath, 'run', join(ROOT, 'batch/main.ts'), 'build', '--no-export'], {
    env: env(NOW + buildHour++ * 3_600_000),
    stdout: 'ignore',
    stderr: 'ignore',
  })
  const code = await child.exited
  return { label, ms: Math.round(performance.now() - started), code }
}

const first = await build('first build')
if (first.code !== 0) throw new Error('the first build failed')
const port = 20_000 + Math.floor(Math.random() * 20_000)
const server = Bun.spawn([process.execPath, 'run', join(ROOT, 'live/server.ts')], {
  env: {
    ...env(NOW + 3_600_000),
    PORT: String(port),
    HOST: '127.0.0.1',
    NEWSDESK_QUERY_WORKERS: String(QUERY_WORKERS),
  },
  stdout: 'ignore',
  stderr: 'inherit',
})
process.on('exit', () => server.kill())
const base = `http://127.0.0.1:${port}`
for (let i = 0; i < 100; i++) {
  if ((await fetch(`${base}/health`).catch(() => null))?.status === 200) break
  await Bun.sleep(100)
}
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? Number.NaN)
const articlesServed = async () =>
  (await (await fetch(`${base}/health`)).json()) as { articles: number; snapshot: { version: string } }

const snapshotUrls = fixedSnapshotUrls()
const halves: { run: number; plain: MixResult; withCountry: MixResult }[] = []
/** Both halves of a run as one result (requests add up; percentiles are the larger half's, an upper bound). */
function mergeMix(a: MixResult, b: MixResult): MixResult {
  return {
    requests: a.requests + b.requests,
    seconds: a.seconds + b.seconds,
    p50Ms: Math.max(a.p50Ms, b.p50Ms),
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    maxMs: Math.max(a.maxMs, b.maxMs),
    ok: a.ok + b.ok,
    intended4xx: a.intended4xx + b.intended4xx,
    otherNon2xx: a.otherNon2xx + b.otherNon2xx,
    connectionErrors: a.connectionErrors + b.connectionErrors,
    byKind: {
      ...a.byKind,
      ...Object.fromEntries(Object.entries(b.byKind).map(([k, v]) => [`${k} (with country searches)`, v])),
    },
    unexpected: [...a.unexpected, ...b.unexpected],
  }
}
const rows: {
  run: number
  result: MixResult
  rssBeforeMb: number
  rssAfterMb: number
  builds: string
  versions: string
}[] = []
for (let run = 1; run <= RUNS; run++) {
  const before = await articlesServed()
  const rssBefore = rssKb()
  const builds: Promise<{ label: string; ms: number; code: number }>[] = []
  // The hourly build at 1/4 of the run (with new files to ingest), a hot swap at 2/3.
  const hourly = setTimeout(
    () => {
      reveal(warc.slice(warc.length - heldBack + (run - 1) * 4, warc.length - heldBack + run * 4))
      builds.push(build('hourly'))
    },
    (SECONDS * 1000) / 4,
  )
  const swap = setTimeout(() => builds.push(build('hot swap')), (SECONDS * 2000) / 3)
  const plain = await runMix({
    base,
    seconds: SECONDS / 2,
    connections: CONNECTIONS,
    snapshotUrls,
    seed: run,
    healthProbe: true,
  })
  const withCountry = await runMix({
    base,
    seconds: SECONDS / 2,
    connections: CONNECTIONS,
    snapshotUrls,
    seed: run + 100,
    healthProbe: true,
    countrySearchShare: COUNTRY_SHARE,
  })
  halves.push({ run, plain, withCountry })
  const result = mergeMix(plain, withCountry)
  clearTimeout(hourly)
  clearTimeout(swap)
  const done = await Promise.all(builds)
  await Bun.sleep(2500) // the node polls latest.json every 2 s
  const after = await articlesServed()
  rows.push({
    run,
    result,
    rssBeforeMb: rssBefore / 1024,
    rssAfterMb: rssKb() / 1024,
    builds: done
      .map((b) => `${b.label} ${b.code === 0 ? 'ok' : `exit ${b.code}`} ${(b.ms / 1000).toFixed(1)} s`)
      .join(', '),
    versions: `${before.snapshot.version} (${before.articles}) → ${after.snapshot.version} (${after.articles})`,
  })
}
server.kill()

const fmt = (n: number, d = 1) => n.toFixed(d)
console.log(
  `\nload: ${SECONDS} s × ${RUNS} runs, ${CONNECTIONS} connections, mix 60% snapshot / 30% search / 10% BTC range (second half of each run: ${Math.round(COUNTRY_SHARE * 100)}% per-country searches instead of snapshot reads), ${DAYS}-day demo, ${QUERY_WORKERS} query workers (Bun ${Bun.version})\n`,
)
console.log(
  '| run | /health probe p50 / p99 ms without per-country searches | with them | ratio of p99s | per-country searches p50 / p99 ms | snapshot reads p99 without / with |',
)
console.log('|---|---|---|---|---|---|')
for (const h of halves) {
  const a = h.plain.byKind['health-probe']
  const b = h.withCountry.byKind['health-probe']
  const c = h.withCountry.byKind['country-search']
  console.log(
    `| ${h.run} | ${a?.p50Ms.toFixed(2)} / ${a?.p99Ms.toFixed(2)} | ${b?.p50Ms.toFixed(2)} / ${b?.p99Ms.toFixed(2)} | ${a && b ? (b.p99Ms / a.p99Ms).toFixed(2) : '–'} | ${c?.p50Ms.toFixed(2)} / ${c?.p99Ms.toFixed(2)} (${c?.requests}) | ${h.plain.byKind.snapshot?.p99Ms.toFixed(2)} / ${h.withCountry.byKind.snapshot?.p99Ms.toFixed(2)} |`,
  )
}
console.log('')
console.log(
  '| run | requests | req/s | p50 ms | p99 ms | max ms | 2xx | intended 4xx | other non-2xx | conn. errors | RSS before → after MB | builds during the run | version (articles) |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  const x = r.result
  console.log(
    `| ${r.run} | ${x.requests} | ${fmt(x.requests / x.seconds, 0)} | ${fmt(x.p50Ms, 2)} | ${fmt(x.p99Ms, 2)} | ${fmt(x.maxMs, 0)} | ${x.ok} | ${x.intended4xx} | ${x.otherNon2xx} | ${x.connectionErrors} | ${fmt(r.rssBeforeMb, 0)} → ${fmt(r.rssAfterMb, 0)} | ${r.builds} | ${r.versions} |`,
  )
}
for (const r of rows)
  for (const [k, v] of Object.entries(r.result.byKind))
    console.log(`run ${r.run} ${k}: ${v.requests} requests, p50 ${fmt(v.p50Ms, 2)} ms, p99 ${fmt(v.p99Ms, 2)} ms`)
const unexpected = rows.reduce((n, r) => n + r.result.otherNon2xx + r.result.connectionErrors, 0)
if (unexpected > 0)
  for (const r of rows) console.log(`run ${r.run} unexpected: ${JSON.stringify(r.result.unexpected.slice(0, 10))}`)
process.exit(0)
