/**
 * The web page at `/`: contract/page-bundle.ts bundles public/ into memory on the first request (so
 * `npm start` and the tests need no build step and nothing built is committed). The batch job
 * writes the same bundle beside the snapshots for static hosts (batch/page.ts).
 */
import {
  ASSET_CACHE_CONTROL,
  type BuiltPage,
  INDEX_HEADERS,
  type PageAsset,
  bundlePage,
} from '../contract/page-bundle.ts'

/** The page's two routes; the bundle is built once, on first use, and kept for the process. */
export function createPage(log: (line: string) => void = console.error) {
  let built: Promise<BuiltPage> | null = null
  const page = () => {
    built ??= bundlePage().catch((error: unknown) => {
      built = null
      throw error
    })
    return built
  }
  const failed = (error: unknown) => {
    log(`page: ${error instanceof Error ? error.message : String(error)}`)
    return new Response('The page could not be built; the API still answers at /docs.', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  return {
    async index(): Promise<Response> {
      try {
        const { html } = await page()
        return new Response(html, { headers: { ...INDEX_HEADERS } })
      } catch (error) {
        return failed(error)
      }
    },
    async asset(name: string): Promise<Response> {
      let assets: ReadonlyMap<string, PageAsset>
      try {
        assets = (await page()).assets
      } catch (error) {
        return failed(error)
      }
      const asset = assets.get(name)
      if (asset === undefined)
        return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
      return new Response(asset.bytes, {
        headers: {
          'content-type': asset.type,
          'cache-control': ASSET_CACHE_CONTROL,
          'x-content-type-options': 'nosniff',
        },
      })
    },
  }
}
