/**
 * The interactive API reference at /docs is Swagger UI, served from the project's own dependency
 * (swagger-ui-dist) so it works offline and behind a firewall, like the web page. Only the two
 * files the page loads are served, by name from an allow-list.
 */
import { dirname, join } from 'node:path'

export const DOCS_ASSET_PREFIX = '/docs/assets/'

const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
}

const DIST_DIR = dirname(Bun.resolveSync('swagger-ui-dist/package.json', import.meta.dir))

/** The asset named `file`, or a 404 for any other name. */
export async function docsAsset(file: string): Promise<Response> {
  const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined
  if (type === undefined)
    return new Response(JSON.stringify({ detail: 'Not Found' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    })
  const body = Bun.file(join(DIST_DIR, file))
  return new Response(body, { headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' } })
}
