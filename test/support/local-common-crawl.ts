/**
 * A local Common Crawl for tests and benchmarks: `crawl-data/CC-NEWS/YYYY/MM/warc.paths.gz`
 * listings and the WARC files they name, served on loopback, with a simulated clock (a file is
 * listed once its publication time has passed) and faults to inject: `503` with `Retry-After`,
 * connections dropped mid-body, truncated listings and stale listings. Honours `Range: bytes=N-`
 * like the real server, and counts every byte it sends per file.
 */
import { gzipSync } from 'node:zlib'

export interface CrawlFile {
  /** `crawl-data/CC-NEWS/2026/11/CC-NEWS-20261121130000-00001.warc.gz` */
  path: string
  /** Where the bytes are: a local file read per request, so big files are never held in memory. */
  file: string
  /** When Common Crawl would list it, epoch ms (after the file's hour has been crawled). */
  listedFromMs: number
}

/**
 * What the next answer for a file does: `503 Slow Down` with a Retry-After, or stop sending at
 * byte `at` (absolute) and close. A cut waits `lingerMs` before the reset; with `until` it resets
 * as soon as `until()` holds (polled every 20 ms) and waits at most `lingerMs` for it, so a test
 * can cut a file after the reader has done something (committed a batch) instead of after a
 * guess at how long that takes on a loaded machine.
 */
export type FileFault =
  | { kind: '503'; retryAfterS: number }
  | { kind: 'cut'; at: number; lingerMs?: number; until?: () => boolean }

export interface CrawlFaults {
  /** Path → faults for its next answers, one per answer, in order; then it is served normally. */
  files: Map<string, FileFault[]>
  /** Month (`YYYY/MM`) → the next N listings are cut in the middle of their gzip stream. */
  truncatedListings: Map<string, number>
  /** Month → the next N listings are as they were this many ms earlier (a CDN's stale copy). */
  staleListings: Map<string, { times: number; lagMs: number }>
}

export interface CrawlLogEntry {
  path: string
  status: number
  /** First byte asked for (Range), 0 without one. */
  from: number
  /** Bytes of the body actually sent. */
  sent: number
}

export class LocalCommonCrawl {
  nowMs: number
  readonly files: CrawlFile[] = []
  readonly faults: CrawlFaults = { files: new Map(), truncatedListings: new Map(), staleListings: new Map() }
  readonly log: CrawlLogEntry[] = []
  #server: ReturnType<typeof Bun.serve> | null = null

  constructor(nowMs: number) {
    this.nowMs = nowMs
  }

  get baseUrl(): string {
    if (this.#server === null) throw new Error('LocalCommonCrawl is not started')
    return `http://127.0.0.1:${this.#server.port}/`
  }

  start(): this {
    this.#server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (req) => this.#answer(req) })
    return this
  }

  stop(): void {
    this.#server?.stop(true)
    this.#server = null
  }

  add(file: CrawlFile): void {
    this.files.push(file)
  }

  /** Bytes sent for `path` over all answers. */
  bytesSent(path: string): number {
    return this.log.filter((e) => e.path === path).reduce((n, e) => n + e.sent, 0)
  }

  listedAt(month: string, atMs: number): string[] {
    return this.files
      .filter((f) => f.listedFromMs <= atMs && f.path.startsWith(`crawl-data/CC-NEWS/${month}/`))
      .map((f) => f.path)
      .sort()
  }

  async #answer(req: Request): Promise<Response> {
    const path = decodeURIComponent(new URL(req.url).pathname.slice(1))
    const listing = /^crawl-data\/CC-NEWS\/(\d{4}\/\d{2})\/warc\.paths\.gz$/.exec(path)
    if (listing?.[1] !== undefined) return this.#listing(path, listing[1])
    const file = this.files.find((f) => f.path === path && f.listedFromMs <= this.nowMs)
    if (file === undefined) return this.#logged(path, 404, 0, 0, new Response('NoSuchKey', { status: 404 }))
    const range = /^bytes=(\d+)-$/.exec(req.headers.get('range') ?? '')
    const from = range === null ? 0 : Number(range[1])
    const fault = this.faults.files.get(path)?.shift()
    if (fault?.kind === '503') {
      return this.#logged(
        path,
        503,
        from,
        0,
        new Response('Slow Down', { status: 503, headers: { 'retry-after': String(fault.retryAfterS) } }),
      )
    }
    const size = Bun.file(file.file).size
    if (from >= size && range !== null)
      return this.#logged(
        path,
        416,
        from,
        0,
        new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } }),
      )
    const cutAt = fault?.kind === 'cut' ? fault.at : undefined
    // Bun's client drops body bytes it has buffered but not yet handed over when the connection
    // resets; lingering before the reset lets a slow reader take them all first.
    const lingerMs = fault?.kind === 'cut' ? (fault.lingerMs ?? 5) : 5
    const until = fault?.kind === 'cut' ? fault.until : undefined
    const end = cutAt !== undefined && cutAt > from && cutAt < size ? cutAt : size
    const headers = {
      'content-type': 'application/octet-stream',
      'content-length': String(size - from),
      ...(range === null ? {} : { 'content-range': `bytes ${from}-${size - 1}/${size}` }),
    }
    const entry: CrawlLogEntry = { path, status: range === null ? 200 : 206, from, sent: 0 }
    this.log.push(entry)
    if (end === size) {
      entry.sent = size - from
      return new Response(Bun.file(file.file).slice(from), { status: entry.status, headers })
    }
    // Send up to the cut, then reset: the client sees its connection drop mid-body. (A streamed body goes out
    // chunked: Bun drops the Content-Length.)
    const reader = Bun.file(file.file).slice(from, end).stream().getReader()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const step = await reader.read()
        if (step.done) {
          // Let the bytes go out, then reset the connection (an error with no reason: Bun logs nothing).
          if (until === undefined) await Bun.sleep(lingerMs)
          else for (const t = performance.now(); !until() && performance.now() - t < lingerMs; ) await Bun.sleep(20)
          controller.error(undefined)
          return
        }
        entry.sent += step.value.byteLength
        controller.enqueue(step.value)
      },
    })
    return new Response(body, { status: entry.status, headers })
  }

  #listing(path: string, month: string): Response {
    const stale = this.faults.staleListings.get(month)
    let at = this.nowMs
    if (stale !== undefined && stale.times > 0) {
      stale.times--
      at -= stale.lagMs
    }
    const paths = this.listedAt(month, at)
    if (paths.length === 0) return this.#logged(path, 404, 0, 0, new Response('NoSuchKey', { status: 404 }))
    let body = gzipSync(`${paths.join('\n')}\n`)
    const truncated = this.faults.truncatedListings.get(month) ?? 0
    if (truncated > 0) {
      this.faults.truncatedListings.set(month, truncated - 1)
      body = body.subarray(0, Math.floor(body.length / 2))
    }
    return this.#logged(
      path,
      200,
      0,
      body.length,
      new Response(body, { headers: { 'content-type': 'application/octet-stream' } }),
    )
  }

  #logged(path: string, status: number, from: number, sent: number, res: Response): Response {
    this.log.push({ path, status, from, sent })
    return res
  }
}

/** The path Common Crawl would give a file starting at `startMs` with this serial. */
export function ccNewsPath(startMs: number, serial: number): string {
  const iso = new Date(startMs).toISOString()
  const stamp = iso.slice(0, 19).replace(/[-T:]/g, '')
  return `crawl-data/CC-NEWS/${iso.slice(0, 4)}/${iso.slice(5, 7)}/CC-NEWS-${stamp}-${String(serial).padStart(5, '0')}.warc.gz`
}
