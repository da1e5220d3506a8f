/**
 * Issue 8: snapshot reads through the live node against nginx serving the same files.
 * Builds a snapshot of the fixture store (moved to the current hour, as the nginx parity test does,
 * so nginx's Cache-Control is computed from a fresh build), serves it from the live node
 * (createApp behind serveWithLimits, exactly as live/server.ts listens) and from a real nginx
 * (deploy/ configuration via test/cdn/nginx-harness.ts, `worker_processes 1`, access log off), then
 * runs `wrk` with the same threads/connections/duration against the same URL sets on each and
 * prints a table. Target: the live node ≥ 0.5× nginx's requests/s. A benchmark, never pass/fail.
 *
 *   bun bench/cdn-vs-live.ts [--seconds 10] [--connections 16] [--threads 1]
 *
 * Needs Debian's `nginx` and `wrk` (`apt-get install -y nginx wrk`); skips with a message otherwise.
 */
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fixedSnapshotUrls, trendSnapshotUrls } from '../batch/snapshot/compute.ts'
import { buildSnapshot } from '../batch/snapshot/run.ts'
import { createApp } from '../live/app.ts'
import { serveWithLimits } from '../live/limits.ts'
import { SnapshotSource } from '../live/snapshot-source.ts'
import { SqliteSearchIndex } from '../store/search-sqlite.ts'
import { nginxBinary, startNginx } from '../test/cdn/nginx-harness.ts'
import { shiftedFixtureStore } from '../test/cdn/shifted-fixture.ts'
import { tempDir } from '../test/support/tmp.ts'

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const SECONDS = arg('--seconds', 10)
const CONNECTIONS = arg('--connections', 16)
const THREADS = arg('--threads', 1)

const nginx = nginxBinary()
const wrk = Bun.which('wrk')
if (nginx === null || wrk === null) {
  console.log(
    `skip: cdn-vs-live needs ${[nginx === null ? 'nginx' : '', wrk === null ? 'wrk' : ''].filter(Boolean).join(' and ')} (apt-get install -y nginx wrk)`,
  )
  process.exit(0)
}

interface WrkResult {
  requests: number
  seconds: number
  p50ms: number
  p99ms: number
  non2xx: number
  socketErrors: number
}

// wrk calls request() for every request (rotating over the set) and done() once; done() prints one
// JSON line. `status` counts answers >= 400; wrk's own "Non-2xx or 3xx" line counts the rest too,
// so the script also parses that line and reports the larger.
const LUA = `
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  io.write(string.format('JSON{"requests":%d,"us":%d,"p50":%d,"p99":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
`

async function runWrk(base: string, pathsFile: string, seconds: number): Promise<WrkResult> {
  const proc = Bun.spawn(
    [wrk as string, `-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '5s', '-s', scriptFile, base],
    {
      env: { ...process.env, WRK_PATHS: pathsFile },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  )
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  const line = /JSON(\{.*\})/.exec(out)?.[1]
  if (code !== 0 || line === undefined) throw new Error(`wrk exited ${code}: ${out}${err}`)
  const j = JSON.parse(line) as Record<string, number>
  const non2xxOr3xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
  return {
    requests: j.requests as number,
    seconds: (j.us as number) / 1e6,
    p50ms: (j.p50 as number) / 1000,
    p99ms: (j.p99 as number) / 1000,
    non2xx: Math.max(j.status as number, non2xxOr3xx),
    socketErrors: (j.connect as number) + (j.read as number) + (j.write as number) + (j.timeout as number),
  }
}

const tmp = tempDir('bench-cdn')
const scriptFile = join(tmp.dir, 'rotate.lua')
await Bun.write(scriptFile, LUA)
const root = join(tmp.dir, 'snapshots')
const { db, builtAt } = shiftedFixtureStore(join(tmp.dir, 'store.sqlite'))
const source = new SnapshotSource({ root, db: () => db, index: (d) => new SqliteSearchIndex(d) })
buildSnapshot({ db, root, now: builtAt, sources: {}, bundle: false })
source.refresh()
const view = source.current
if (view === null) throw new Error('no snapshot loaded')
const app = createApp({
  data: () => source.current,
  clock: () => new Date(),
  uptimeSeconds: () => 0,
  version: 'bench',
  snapshotsRoot: root,
})
const server = serveWithLimits(app, { port: 0, hostname: '127.0.0.1' })
const live = `http://127.0.0.1:${server.port}`
const proxy = await startNginx(nginx, join(tmp.dir, 'nginx'), root, `127.0.0.1:${server.port}`)

const allUrls = [...fixedSnapshotUrls(), ...trendSnapshotUrls(view, builtAt.getTime())]
const sets: { name: string; urls: string[] }[] = [
  { name: '/v1/trends', urls: ['/v1/trends'] },
  { name: '/v1/btc/summary', urls: ['/v1/btc/summary'] },
  { name: '/v1/markets/gold', urls: ['/v1/markets/gold'] },
  { name: `all ${allUrls.length} snapshot URLs, rotating`, urls: allUrls },
]

try {
  // Both servers must answer every URL with the same bytes, and nginx from its file (no request id).
  for (const url of allUrls) {
    const [a, b] = await Promise.all([fetch(`${live}${url}`), fetch(`${proxy.base}${url}`)])
    const [ba, bb] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())]
    if (a.status !== 200 || b.status !== 200 || !ba.equals(bb) || b.headers.get('x-request-id') !== null)
      throw new Error(`${url}: live ${a.status} / nginx ${b.status} differ or nginx proxied`)
  }
  const rows: string[] = []
  const ratios: number[] = []
  for (const set of sets) {
    const pathsFile = join(tmp.dir, `paths-${sets.indexOf(set)}.txt`)
    await Bun.write(pathsFile, `${set.urls.join('\n')}\n`)
    const bytes =
      (
        await Promise.all(set.urls.map(async (u) => (await (await fetch(`${live}${u}`)).arrayBuffer()).byteLength))
      ).reduce((s, n) => s + n, 0) / set.urls.length
    const result: Record<string, WrkResult> = {}
    for (const [name, base] of [
      ['nginx', proxy.base],
      ['live node', live],
    ] as const) {
      await runWrk(base, pathsFile, 1) // warm-up
      result[name] = await runWrk(base, pathsFile, SECONDS)
    }
    const n = result.nginx as WrkResult
    const l = result['live node'] as WrkResult
    const ratio = l.requests / l.seconds / (n.requests / n.seconds)
    ratios.push(ratio)
    for (const [name, r] of Object.entries(result)) {
      rows.push(
        `| ${set.name} (${(bytes / 1024).toFixed(1)} KiB avg) | ${name} | ${Math.round(r.requests / r.seconds).toLocaleString('en')} | ${r.p50ms.toFixed(2)} ms | ${r.p99ms.toFixed(2)} ms | ${r.non2xx}${r.socketErrors > 0 ? ` (+${r.socketErrors} socket errors)` : ''} | ${name === 'live node' ? `**${ratio.toFixed(2)}×**` : ''} |`,
      )
    }
  }
  console.log(
    `wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s per run (1 s warm-up first), uncompressed (wrk sends no Accept-Encoding), loopback.`,
  )
  console.log(
    `Machine: ${cpus().length} cores shared by wrk, nginx (worker_processes 1) and the live node (one Bun process); numbers are relative, not capacity.`,
  )
  console.log(`Snapshot ${view.version} of the fixture store (${allUrls.length} snapshot URLs).\n`)
  console.log('| URL set | server | requests/s | p50 | p99 | non-2xx | live/nginx |')
  console.log('|---|---|---|---|---|---|---|')
  for (const r of rows) console.log(r)
  const worst = Math.min(...ratios)
  console.log(`\nTarget live ≥ 0.5× nginx: ${worst >= 0.5 ? 'met' : 'NOT met'} (lowest ratio ${worst.toFixed(2)}×).`)
} finally {
  await proxy.stop()
  await server.stop(true)
  db.close()
  tmp.cleanup()
}
