/**
 * The web page as files: public/main.ts bundled by Bun.build, public/index.html with the bundle's
 * hashed names filled in. The live node serves it from memory at `/` (live/page.ts) and the batch
 * job writes the same bytes beside the snapshots for static hosts (batch/page.ts); both call
 * `bundlePage`, so the two copies cannot drift. Nothing from public/ runs on the server.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { contentTypeOf } from './snapshot-files.ts'

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url))
const ENTRY = `${PUBLIC_DIR}main.ts`

/** The page's file names, relative to wherever it is served from (the site root, or the snapshot folder). */
export const PAGE_INDEX = 'index.html'
export const PAGE_ASSETS_DIR = 'assets'

export interface PageAsset {
  bytes: Uint8Array<ArrayBuffer>
  /** From `contentTypeOf`, the one mapping every server of the folder uses (nginx spells it the same). */
  type: string
}

export interface BuiltPage {
  html: string
  /** By file name under `assets/`, e.g. `app-3k2j1h.js`. Names carry the content hash. */
  assets: ReadonlyMap<string, PageAsset>
}

/**
 * Same-origin everything: the page fetches only its own API; article images may come from anywhere.
 * deploy/nginx-newsdesk.conf.template repeats this value (nginx cannot import it); the nginx parity
 * test compares the two origins' headers.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src * data:',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const INDEX_HEADERS: Readonly<Record<string, string>> = {
  'content-type': contentTypeOf(PAGE_INDEX),
  // Revalidated on every load: the HTML names the current bundle.
  'cache-control': 'no-cache',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
}

/** A hashed name never changes content. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

export async function bundlePage(): Promise<BuiltPage> {
  const result = await Bun.build({
    entrypoints: [ENTRY],
    target: 'browser',
    minify: true,
    sourcemap: 'none',
    naming: 'app-[hash].[ext]',
  })
  if (!result.success) throw new Error(`page build failed: ${result.logs.map((l) => l.message).join('; ')}`)
  const assets = new Map<string, PageAsset>()
  for (const output of result.outputs) {
    const name = output.path.split('/').pop() ?? output.path
    assets.set(name, { bytes: new Uint8Array(await output.arrayBuffer()), type: contentTypeOf(name) })
  }
  const find = (ext: string) => {
    const name = [...assets.keys()].find((n) => n.endsWith(ext))
    if (name === undefined) throw new Error(`page build produced no ${ext} file`)
    // Relative, so the page works under any base path of any static host.
    return `${PAGE_ASSETS_DIR}/${name}`
  }
  const html = readFileSync(`${PUBLIC_DIR}${PAGE_INDEX}`, 'utf8')
    .replace('%APP_JS%', find('.js'))
    .replace('%APP_CSS%', find('.css'))
  return { html, assets }
}

/** The `assets/…` file names an index.html refers to. */
export function assetsReferencedBy(html: string): string[] {
  return [...html.matchAll(new RegExp(`(?:src|href)="${PAGE_ASSETS_DIR}/([^"/]+)"`, 'g'))].map((m) => m[1] as string)
}
