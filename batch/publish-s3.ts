/**
 * `bun run publish`: copies the latest snapshot folder to an S3-compatible bucket that a CDN serves.
 *
 * Bucket layout (keys under an optional prefix):
 *   <version>/…          every file of the version folder (SHA256SUMS), immutable: uploaded once
 *   v1/trends, v1/btc/price, v1/trends/US/<slug>, v1/trends/by-country/US …
 *                        the current version's snapshot files at their URL paths (no `.json`), so a
 *                        CDN serves `/v1/trends` with no rewrite; only files whose sha256 changed
 *                        since the previous publish are uploaded, files the new version lacks are deleted
 *   assets/app-<hash>.{js,css}
 *                        the page's bundle (batch/page.ts writes it beside latest.json), immutable: a
 *                        hashed name never changes content, so one is uploaded only when the bucket
 *                        lacks it (or holds other bytes under it)
 *   index.html           the page, `no-cache` as the live node and nginx send it (a cached copy could
 *                        name assets a later publish deleted; revalidating costs a 304), uploaded only
 *                        when its sha256 differs from the bucket's; the CDN maps `/` to it
 *   latest.json          the pointer, written last: a reader never sees a pointer to a half-uploaded version
 *
 * Upload order, which is the plan's order: the version's files (SHA256SUMS and manifest.json
 * last), the current files, the page's assets, index.html (so it never names a missing asset),
 * deletions of current files, the pointer, then deletions of assets that neither the new nor the
 * previously published index.html names (batch/page.ts's local rule: a browser that loaded the
 * previous page a moment ago still gets its bundle). A folder without index.html (built before
 * the page writer) leaves the bucket's page alone.
 *
 * The plan (what changes, with which headers) is a pure function; uploading uses Bun's S3 client
 * (presigned PUTs, because its `write` cannot set Cache-Control).
 *
 *   NEWSDESK_S3_BUCKET=… [NEWSDESK_S3_ENDPOINT=…] [NEWSDESK_S3_PREFIX=…] [S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY / S3_REGION]
 *   bun run publish [--dry-run]
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { S3Client } from 'bun'
import {
  ASSET_CACHE_CONTROL,
  INDEX_HEADERS,
  PAGE_ASSETS_DIR,
  PAGE_INDEX,
  assetsReferencedBy,
} from '../contract/page-bundle.ts'
import { ConfigError, clockFrom, parseConfig } from '../core/config.ts'
import { readSetting } from '../core/settings.ts'
import {
  LATEST_FILE,
  type LatestPointer,
  MANIFEST_FILE,
  type Manifest,
  SUMS_FILE,
  contentTypeOf,
  parseSums,
  readLatest,
  readManifest,
} from '../contract/snapshot-files.ts'

/** A key whose content never changes (a version's files, a hashed asset): the page's own asset header. */
export const IMMUTABLE = ASSET_CACHE_CONTROL
/** index.html's Cache-Control: the live node's own (contract/page-bundle.ts), so every server of the page agrees. */
const INDEX_CACHE_CONTROL = INDEX_HEADERS['cache-control'] ?? 'no-cache'
const SLACK_MS = 300_000
const BUILD_INTERVAL_MS = 3_600_000

export interface PlannedObject {
  action: 'put' | 'delete'
  key: string
  /** Path of the file to upload, relative to the local snapshots root (puts other than the pointer). */
  from?: string
  contentType?: string
  cacheControl?: string
  why: 'new version' | 'changed' | 'new' | 'removed' | 'pointer'
}

/** The object key a snapshot file is served at: its URL path (`v1/trends.json` → `v1/trends`). */
export function urlKeyOf(path: string): string {
  return path.replace(/\.json$/, '')
}

/** Content-Type of an uploaded file (one mapping for every reader of the folder). */
export function contentTypeFor(path: string): string {
  return contentTypeOf(path)
}

/** Seconds a CDN may keep the current files: until the next hourly build is due (as the live node says). */
export function currentMaxAge(builtAt: string, nowMs: number): number {
  return Math.max(60, Math.round((Date.parse(builtAt) + BUILD_INTERVAL_MS + SLACK_MS - nowMs) / 1000))
}

export interface PlanInput {
  /** Every file of the new version folder (path → sha256), from its SHA256SUMS plus SHA256SUMS itself. */
  versionFiles: ReadonlyMap<string, string>
  manifest: Manifest
  /** The manifest of the version currently published at the bucket's root, or null on the first publish. */
  previous: Manifest | null
  /** Keys already present under `<version>/` (a resumed publish skips them). */
  existingVersionKeys: ReadonlySet<string>
  nowMs: number
  prefix?: string
  /** The page in the local snapshots root, or null when it has none (the bucket's page is then left alone). */
  page?: PageState | null
  /** The page in the bucket; null or absent = none there yet. */
  remotePage?: PageState | null
}

/** A page as one side (the local folder or the bucket) holds it. */
export interface PageState {
  /** sha256 of its index.html; null when that side has assets but no index.html (an upload stopped between them). */
  indexSha256: string | null
  /** The asset names its index.html refers to (`assetsReferencedBy`). */
  referenced: readonly string[]
  /**
   * Asset name → size in bytes: every file under `assets/` on that side. Sizes, not hashes, because
   * a bucket listing gives sizes and a hashed name already fixes the content; a differing size
   * means an upload that went wrong, which is then repeated.
   */
  assets: ReadonlyMap<string, number>
}

export function planPublish(input: PlanInput): PlannedObject[] {
  const p = input.prefix ?? ''
  const v = input.manifest.version
  const versionPuts: PlannedObject[] = []
  for (const path of [...input.versionFiles.keys()].sort()) {
    const key = `${p}${v}/${path}`
    if (input.existingVersionKeys.has(key)) continue
    versionPuts.push({
      action: 'put',
      key,
      from: `${v}/${path}`,
      contentType: contentTypeFor(path),
      cacheControl: IMMUTABLE,
      why: 'new version',
    })
  }
  // The checksums and the manifest describe the rest, so they arrive after it.
  const isIndexOfVersion = (o: PlannedObject) => o.from === `${v}/${MANIFEST_FILE}` || o.from === `${v}/${SUMS_FILE}`
  const plan = [...versionPuts.filter((o) => !isIndexOfVersion(o)), ...versionPuts.filter(isIndexOfVersion)]

  const before = new Map((input.previous?.files ?? []).map((f) => [f.path, f.sha256]))
  const maxAge = `public, max-age=${currentMaxAge(input.manifest.built_at, input.nowMs)}`
  for (const f of input.manifest.files) {
    const old = before.get(f.path)
    if (old === f.sha256) continue
    plan.push({
      action: 'put',
      key: `${p}${urlKeyOf(f.path)}`,
      from: `${v}/${f.path}`,
      contentType: 'application/json',
      cacheControl: maxAge,
      why: old === undefined ? 'new' : 'changed',
    })
  }

  const page = input.page ?? null
  const remote = input.remotePage ?? null
  const assetDeletes: PlannedObject[] = []
  if (page !== null && page.indexSha256 !== null) {
    for (const name of [...new Set(page.referenced)].sort()) {
      const bytes = page.assets.get(name)
      if (bytes === undefined)
        throw new Error(`${PAGE_INDEX} refers to ${PAGE_ASSETS_DIR}/${name}, which the snapshots root lacks`)
      const there = remote?.assets.get(name)
      if (there === bytes) continue
      const path = `${PAGE_ASSETS_DIR}/${name}`
      plan.push({
        action: 'put',
        key: `${p}${path}`,
        from: path,
        contentType: contentTypeFor(path),
        cacheControl: IMMUTABLE,
        why: there === undefined ? 'new' : 'changed',
      })
    }
    const there = remote?.indexSha256 ?? null
    if (page.indexSha256 !== there) {
      plan.push({
        action: 'put',
        key: `${p}${PAGE_INDEX}`,
        from: PAGE_INDEX,
        contentType: contentTypeFor(PAGE_INDEX),
        cacheControl: INDEX_CACHE_CONTROL,
        why: there === null ? 'new' : 'changed',
      })
    }
    const keep = new Set([...page.referenced, ...(remote?.referenced ?? [])])
    for (const name of [...(remote?.assets.keys() ?? [])].sort()) {
      if (!keep.has(name))
        assetDeletes.push({ action: 'delete', key: `${p}${PAGE_ASSETS_DIR}/${name}`, why: 'removed' })
    }
  }

  const now = new Set(input.manifest.files.map((f) => f.path))
  for (const path of [...before.keys()].sort()) {
    if (!now.has(path)) plan.push({ action: 'delete', key: `${p}${urlKeyOf(path)}`, why: 'removed' })
  }
  plan.push({
    action: 'put',
    key: `${p}${LATEST_FILE}`,
    contentType: 'application/json',
    cacheControl: 'no-cache',
    why: 'pointer',
  })
  return [...plan, ...assetDeletes]
}

export function pointerBody(m: Manifest): string {
  const pointer: LatestPointer = { version: m.version, built_at: m.built_at, watermark: m.watermark }
  return `${JSON.stringify(pointer)}\n`
}

async function putObject(
  client: S3Client,
  key: string,
  body: Uint8Array<ArrayBuffer> | string,
  contentType: string,
  cacheControl: string,
): Promise<void> {
  // Bun's S3 `write` has no Cache-Control option; a presigned PUT carries it as a plain header.
  const url = client.presign(key, { method: 'PUT', expiresIn: 900 })
  const r = await fetch(url, {
    method: 'PUT',
    body,
    headers: { 'content-type': contentType, 'cache-control': cacheControl },
  })
  if (!r.ok) throw new Error(`PUT ${key}: ${r.status} ${(await r.text()).slice(0, 200)}`)
}

async function readRemoteManifest(client: S3Client, prefix: string): Promise<Manifest | null> {
  const pointer = client.file(`${prefix}${LATEST_FILE}`)
  if (!(await pointer.exists())) return null
  const { version } = (await pointer.json()) as LatestPointer
  const manifest = client.file(`${prefix}${version}/${MANIFEST_FILE}`)
  return (await manifest.exists()) ? ((await manifest.json()) as Manifest) : null
}

/** Key → size of every object under `prefix`. */
async function listObjects(client: S3Client, prefix: string): Promise<Map<string, number>> {
  const objects = new Map<string, number>()
  let token: string | undefined
  do {
    const page = await client.list({ prefix, ...(token === undefined ? {} : { continuationToken: token }) })
    // A listing without a size never matches a local file's, so such an object is uploaded again.
    for (const o of page.contents ?? []) objects.set(o.key, o.size ?? -1)
    token = page.isTruncated ? page.nextContinuationToken : undefined
  } while (token !== undefined)
  return objects
}

const sha256Of = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

/** The page beside the snapshots, or null when the root has no index.html. */
export function readLocalPage(root: string): PageState | null {
  const indexPath = join(root, PAGE_INDEX)
  if (!existsSync(indexPath)) return null
  const html = readFileSync(indexPath)
  const referenced = assetsReferencedBy(html.toString('utf8'))
  const assets = new Map<string, number>()
  for (const name of referenced) {
    const path = join(root, PAGE_ASSETS_DIR, name)
    if (existsSync(path)) assets.set(name, statSync(path).size)
  }
  return { indexSha256: sha256Of(html), referenced, assets }
}

async function readRemotePage(client: S3Client, prefix: string): Promise<PageState | null> {
  const assetsPrefix = `${prefix}${PAGE_ASSETS_DIR}/`
  const assets = new Map(
    [...(await listObjects(client, assetsPrefix))].map(([key, size]) => [key.slice(assetsPrefix.length), size]),
  )
  const index = client.file(`${prefix}${PAGE_INDEX}`)
  if (!(await index.exists())) return assets.size === 0 ? null : { indexSha256: null, referenced: [], assets }
  const html = new Uint8Array(await index.arrayBuffer())
  return { indexSha256: sha256Of(html), referenced: assetsReferencedBy(new TextDecoder().decode(html)), assets }
}

export interface PublishResult {
  version: string
  plan: PlannedObject[]
}

/** Publishes the latest local version to the bucket (or only plans it with dryRun). */
export async function publishToBucket(
  root: string,
  client: S3Client,
  opts: { prefix?: string; nowMs: number; dryRun?: boolean },
): Promise<PublishResult> {
  const prefix = opts.prefix ?? ''
  const latest = readLatest(root)
  const manifest = latest === null ? null : readManifest(root, latest.version)
  if (manifest === null) throw new Error(`no published snapshot in ${root}`)
  const dir = join(root, manifest.version)
  const versionFiles = parseSums(readFileSync(join(dir, SUMS_FILE), 'utf8'))
  versionFiles.set(SUMS_FILE, '')
  const plan = planPublish({
    versionFiles,
    manifest,
    previous: await readRemoteManifest(client, prefix),
    existingVersionKeys: new Set((await listObjects(client, `${prefix}${manifest.version}/`)).keys()),
    nowMs: opts.nowMs,
    prefix,
    page: readLocalPage(root),
    remotePage: await readRemotePage(client, prefix),
  })
  if (opts.dryRun) return { version: manifest.version, plan }
  // The plan is in upload order (see the header): one at a time, so each step lands before the next.
  for (const o of plan) {
    if (o.action === 'delete') await client.delete(o.key)
    else if (o.why === 'pointer')
      await putObject(client, o.key, pointerBody(manifest), o.contentType as string, o.cacheControl as string)
    else
      await putObject(
        client,
        o.key,
        readFileSync(join(root, o.from as string)),
        o.contentType as string,
        o.cacheControl as string,
      )
  }
  return { version: manifest.version, plan }
}

if (import.meta.main) {
  const env = process.env
  let bucket: string
  let endpoint: string | null
  let prefix: string
  let config: ReturnType<typeof parseConfig>
  try {
    bucket = readSetting(env, 'NEWSDESK_S3_BUCKET')
    endpoint = readSetting(env, 'NEWSDESK_S3_ENDPOINT')
    prefix = readSetting(env, 'NEWSDESK_S3_PREFIX')
    config = parseConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(2)
  }
  if (bucket === '') {
    console.error('NEWSDESK_S3_BUCKET is not set (see docs/cdn-and-downloads.md)')
    process.exit(2)
  }
  const client = new S3Client({ bucket, ...(endpoint === null ? {} : { endpoint }) })
  const root = config.snapshotsDir
  const nowMs = clockFrom(config)().getTime()
  publishToBucket(root, client, {
    prefix,
    nowMs,
    dryRun: process.argv.includes('--dry-run'),
  })
    .then(({ version, plan }) => {
      for (const o of plan)
        console.log(
          `${o.action.padEnd(6)} ${o.why.padEnd(11)} ${o.key}${o.cacheControl ? `  [${o.cacheControl}]` : ''}`,
        )
      const puts = plan.filter((o) => o.action === 'put').length
      console.log(
        `${process.argv.includes('--dry-run') ? 'planned' : 'published'} ${version}: ${puts} puts, ${plan.length - puts} deletes`,
      )
    })
    .catch((error: unknown) => {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    })
}
