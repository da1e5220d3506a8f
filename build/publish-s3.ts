/**
 * `bun run publish`: copies the latest snapshot folder to an S3-compatible bucket that a CDN serves.
 *
 * Bucket layout (keys under an optional prefix):
 *   <version>/…          every file of the version folder (SHA256SUMS), immutable: uploaded once
 *   v1/trends, v1/btc/price, v1/trends/US/<slug>, v1/trends/by-country/US …
 *                        the current version's snapshot files at their URL paths (no `.json`), so a
 *                        CDN serves `/v1/trends` with no rewrite; only files whose sha256 changed
 *                        since the previous publish are uploaded, files the new version lacks are deleted
 *   latest.json          the pointer, written last: a reader never sees a pointer to a half-uploaded version
 *
 * The plan (what changes, with which headers) is a pure function; uploading uses Bun's S3 client
 * (presigned PUTs, because its `write` cannot set Cache-Control).
 *
 *   NEWSDESK_S3_BUCKET=… [NEWSDESK_S3_ENDPOINT=…] [NEWSDESK_S3_PREFIX=…] [S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY / S3_REGION]
 *   bun run publish [--dry-run]
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { S3Client } from 'bun'
import { clockFrom, parseConfig } from '../core/config.ts'
import { LATEST_FILE, type LatestPointer, MANIFEST_FILE, type Manifest, SUMS_FILE, contentTypeOf, parseSums, readLatest, readManifest } from '../store/snapshot-files.ts'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
const SLACK_MS = 300_000
const BUILD_INTERVAL_MS = 3_600_000

export interface PlannedObject {
  action: 'put' | 'delete'
  key: string
  /** Path inside the local version folder (puts only). */
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
}

export function planPublish(input: PlanInput): PlannedObject[] {
  const p = input.prefix ?? ''
  const v = input.manifest.version
  const plan: PlannedObject[] = []
  for (const path of [...input.versionFiles.keys()].sort()) {
    const key = `${p}${v}/${path}`
    if (input.existingVersionKeys.has(key)) continue
    plan.push({ action: 'put', key, from: path, contentType: contentTypeFor(path), cacheControl: IMMUTABLE, why: 'new version' })
  }
  const before = new Map((input.previous?.files ?? []).map((f) => [f.path, f.sha256]))
  const maxAge = `public, max-age=${currentMaxAge(input.manifest.built_at, input.nowMs)}`
  for (const f of input.manifest.files) {
    const old = before.get(f.path)
    if (old === f.sha256) continue
    plan.push({ action: 'put', key: `${p}${urlKeyOf(f.path)}`, from: f.path, contentType: 'application/json', cacheControl: maxAge, why: old === undefined ? 'new' : 'changed' })
  }
  const now = new Set(input.manifest.files.map((f) => f.path))
  for (const path of [...before.keys()].sort()) {
    if (!now.has(path)) plan.push({ action: 'delete', key: `${p}${urlKeyOf(path)}`, why: 'removed' })
  }
  plan.push({ action: 'put', key: `${p}${LATEST_FILE}`, contentType: 'application/json', cacheControl: 'no-cache', why: 'pointer' })
  return plan
}

export function pointerBody(m: Manifest): string {
  const pointer: LatestPointer = { version: m.version, built_at: m.built_at, watermark: m.watermark }
  return `${JSON.stringify(pointer)}\n`
}

async function putObject(client: S3Client, key: string, body: Uint8Array<ArrayBuffer> | string, contentType: string, cacheControl: string): Promise<void> {
  // Bun's S3 `write` has no Cache-Control option; a presigned PUT carries it as a plain header.
  const url = client.presign(key, { method: 'PUT', expiresIn: 900 })
  const r = await fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType, 'cache-control': cacheControl } })
  if (!r.ok) throw new Error(`PUT ${key}: ${r.status} ${(await r.text()).slice(0, 200)}`)
}

async function readRemoteManifest(client: S3Client, prefix: string): Promise<Manifest | null> {
  const pointer = client.file(`${prefix}${LATEST_FILE}`)
  if (!(await pointer.exists())) return null
  const { version } = (await pointer.json()) as LatestPointer
  const manifest = client.file(`${prefix}${version}/${MANIFEST_FILE}`)
  return (await manifest.exists()) ? ((await manifest.json()) as Manifest) : null
}

async function existingKeys(client: S3Client, prefix: string): Promise<Set<string>> {
  const keys = new Set<string>()
  let token: string | undefined
  do {
    const page = await client.list({ prefix, ...(token === undefined ? {} : { continuationToken: token }) })
    for (const o of page.contents ?? []) keys.add(o.key)
    token = page.isTruncated ? page.nextContinuationToken : undefined
  } while (token !== undefined)
  return keys
}

export interface PublishResult {
  version: string
  plan: PlannedObject[]
}

/** Publishes the latest local version to the bucket (or only plans it with dryRun). */
export async function publishToBucket(root: string, client: S3Client, opts: { prefix?: string; nowMs: number; dryRun?: boolean }): Promise<PublishResult> {
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
    existingVersionKeys: await existingKeys(client, `${prefix}${manifest.version}/`),
    nowMs: opts.nowMs,
    prefix,
  })
  if (opts.dryRun) return { version: manifest.version, plan }
  // Immutable version files first, SHA256SUMS and the manifest last among them, then the root copies, deletions, and the pointer.
  const rank = (o: PlannedObject) => (o.why === 'new version' ? (o.from === MANIFEST_FILE || o.from === SUMS_FILE ? 1 : 0) : o.why === 'pointer' ? 4 : o.action === 'delete' ? 3 : 2)
  const ordered = [...plan].sort((a, b) => rank(a) - rank(b))
  for (const o of ordered) {
    if (o.action === 'delete') await client.delete(o.key)
    else if (o.why === 'pointer') await putObject(client, o.key, pointerBody(manifest), o.contentType as string, o.cacheControl as string)
    else await putObject(client, o.key, readFileSync(join(dir, o.from as string)), o.contentType as string, o.cacheControl as string)
  }
  return { version: manifest.version, plan }
}

if (import.meta.main) {
  const env = process.env
  const bucket = env.NEWSDESK_S3_BUCKET
  if (bucket === undefined || bucket === '') {
    console.error('NEWSDESK_S3_BUCKET is not set (see docs/cdn-and-downloads.md)')
    process.exit(2)
  }
  const client = new S3Client({ bucket, ...(env.NEWSDESK_S3_ENDPOINT ? { endpoint: env.NEWSDESK_S3_ENDPOINT } : {}) })
  const config = parseConfig(env)
  const root = config.snapshotsDir
  const nowMs = clockFrom(config)().getTime()
  publishToBucket(root, client, { prefix: env.NEWSDESK_S3_PREFIX ?? '', nowMs, dryRun: process.argv.includes('--dry-run') })
    .then(({ version, plan }) => {
      for (const o of plan) console.log(`${o.action.padEnd(6)} ${o.why.padEnd(11)} ${o.key}${o.cacheControl ? `  [${o.cacheControl}]` : ''}`)
      const puts = plan.filter((o) => o.action === 'put').length
      console.log(`${process.argv.includes('--dry-run') ? 'planned' : 'published'} ${version}: ${puts} puts, ${plan.length - puts} deletes`)
    })
    .catch((error: unknown) => {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    })
}
