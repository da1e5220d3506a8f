/**
 * The web page at `/`: public/main.ts bundled by Bun.build into memory on the first request (so
 * `npm start` and the tests need no build step and nothing built is committed), public/index.html
 * with the bundle's hashed names filled in. Nothing from public/ runs on the server.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url))
const ENTRY = `${PUBLIC_DIR}main.ts`
const ASSET_PREFIX = '/assets/'

interface Asset {
  bytes: Uint8Array<ArrayBuffer>
  type: string
}

export interface BuiltPage {
  html: string
  /** By file name under /assets/, e.g. `app-3k2j1h.js`. */
  assets: ReadonlyMap<string, Asset>
}

/** Same-origin everything: the page fetches only its own API; article images may come from anywhere. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src * data:',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ')

export async function buildPage(): Promise<BuiltPage> {
  const result = await Bun.build({ entrypoints: [ENTRY], target: 'browser', minify: true, sourcemap: 'none', naming: 'app-[hash].[ext]' })
  if (!result.success) throw new Error(`page build failed: ${result.logs.map((l) => l.message).join('; ')}`)
  const assets = new Map<string, Asset>()
  for (const output of result.outputs) {
    const name = output.path.split('/').pop() ?? output.path
    assets.set(name, { bytes: new Uint8Array(await output.arrayBuffer()), type: output.type })
  }
  const find = (ext: string) => {
    const name = [...assets.keys()].find((n) => n.endsWith(ext))
    if (name === undefined) throw new Error(`page build produced no ${ext} file`)
    return `${ASSET_PREFIX.slice(1)}${name}`
  }
  const html = readFileSync(`${PUBLIC_DIR}index.html`, 'utf8').replace('%APP_JS%', find('.js')).replace('%APP_CSS%', find('.css'))
  return { html, assets }
}

/** The page's two routes; the bundle is built once, on first use, and kept for the process. */
export function createPage(log: (line: string) => void = console.error) {
  let built: Promise<BuiltPage> | null = null
  const page = () => {
    built ??= buildPage().catch((error: unknown) => {
      built = null
      throw error
    })
    return built
  }
  const failed = (error: unknown) => {
    log(`page: ${error instanceof Error ? error.message : String(error)}`)
    return new Response('The page could not be built; the API still answers at /docs.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  return {
    async index(): Promise<Response> {
      try {
        const { html } = await page()
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' } })
      } catch (error) {
        return failed(error)
      }
    },
    async asset(name: string): Promise<Response> {
      let assets: ReadonlyMap<string, Asset>
      try {
        assets = (await page()).assets
      } catch (error) {
        return failed(error)
      }
      const asset = assets.get(name)
      if (asset === undefined) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
      // Names carry the content hash, so a file never changes under its name.
      return new Response(asset.bytes, { headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' } })
    },
  }
}
