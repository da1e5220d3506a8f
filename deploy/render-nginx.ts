/**
 * Renders deploy/nginx-newsdesk.conf.template.
 *
 *   bun deploy/render-nginx.ts --listen 80 --snapshots /srv/newsdesk/snapshots --live 127.0.0.1:8000 > /etc/nginx/conf.d/newsdesk.conf
 */
import { readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'

export const TEMPLATE = join(import.meta.dir, 'nginx-newsdesk.conf.template')

export interface NginxSettings {
  /** `listen` argument: a port, or `127.0.0.1:8080`. */
  listen: string
  /** Absolute path of the snapshot folder (the one holding `current` and the versions). */
  snapshotsRoot: string
  /** host:port of the live node. */
  live: string
}

export function renderNginx(s: NginxSettings): string {
  if (!isAbsolute(s.snapshotsRoot)) throw new Error('snapshotsRoot must be an absolute path')
  for (const v of Object.values(s)) if (/[\s;{}"']/.test(v)) throw new Error(`unsafe value for nginx: ${v}`)
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{LISTEN}}', s.listen)
    .replaceAll('{{SNAPSHOTS_ROOT}}', s.snapshotsRoot.replace(/\/+$/, ''))
    .replaceAll('{{LIVE}}', s.live)
}

if (import.meta.main) {
  const arg = (name: string, fallback?: string): string => {
    const i = process.argv.indexOf(name)
    const v = i === -1 ? fallback : process.argv[i + 1]
    if (v === undefined) {
      console.error('usage: bun deploy/render-nginx.ts --snapshots <abs path> [--listen 80] [--live 127.0.0.1:8000]')
      process.exit(2)
    }
    return v
  }
  process.stdout.write(
    renderNginx({
      listen: arg('--listen', '80'),
      snapshotsRoot: arg('--snapshots'),
      live: arg('--live', '127.0.0.1:8000'),
    }),
  )
}
