/**
 * A real nginx on loopback for tests: its own prefix, config, pid and logs in a temp folder, in
 * the foreground (`daemon off`), stopped by its pid. Absent nginx → `nginxBinary()` is null, and
 * `nginxForTests` turns that into a failure under CI or a printed skip elsewhere.
 */
import { test } from 'bun:test'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderNginx } from '../../deploy/render-nginx.ts'
import { readSetting } from '../../core/settings.ts'

/** `NGINX_BIN` when set (and only it: an explicit choice is not silently replaced), else Debian's or a source build's path. */
export function nginxBinary(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const chosen = readSetting(env, 'NGINX_BIN')
  const candidates =
    chosen !== null ? [chosen] : ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']
  return candidates.find((p) => existsSync(p)) ?? null
}

export const NGINX_MISSING_IN_CI =
  "no nginx binary: .ci/run should have installed Debian's nginx (apt-get install nginx) before npm test, or NGINX_BIN names a missing file"

/**
 * The nginx a test file runs against, or null. Under CI (`CI=true`, as .ci/run runs) a missing
 * nginx is one failing test, so the CDN tests can never pass by not running; elsewhere the file
 * prints why it skips.
 */
export function nginxForTests(file: string): string | null {
  const binary = nginxBinary()
  if (binary !== null) return binary
  if (readSetting(process.env, 'CI')) {
    test('nginx is installed (CI=true)', () => {
      throw new Error(NGINX_MISSING_IN_CI)
    })
  } else {
    console.log(`${file}: skipped, no nginx binary (apt-get install nginx, or set NGINX_BIN)`)
  }
  return null
}

export async function freePort(): Promise<number> {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

export interface RunningNginx {
  base: string
  errorLog: () => string
  stop: () => Promise<void>
}

export async function startNginx(
  binary: string,
  dir: string,
  snapshotsRoot: string,
  live: string,
): Promise<RunningNginx> {
  const port = await freePort()
  for (const d of ['tmp', 'logs']) mkdirSync(join(dir, d), { recursive: true })
  writeFileSync(join(dir, 'newsdesk.conf'), renderNginx({ listen: `127.0.0.1:${port}`, snapshotsRoot, live }))
  const runAs = process.getuid?.() === 0 ? 'user root root;\n' : ''
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${runAs}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/newsdesk.conf;
}
`,
  )
  const child = Bun.spawn(
    [binary, '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs', 'error.log'), '-g', 'daemon off;'],
    { stdout: 'ignore', stderr: 'pipe' },
  )
  const base = `http://127.0.0.1:${port}`
  const errorLog = () =>
    existsSync(join(dir, 'logs', 'error.log')) ? readFileSync(join(dir, 'logs', 'error.log'), 'utf8') : ''
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited ${child.exitCode}: ${await new Response(child.stderr).text()} ${errorLog()}`)
    try {
      await fetch(`${base}/nginx-probe`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${base}: ${errorLog()}`)
      await Bun.sleep(50)
    }
  }
  return {
    base,
    errorLog,
    stop: async () => {
      child.kill('SIGQUIT')
      const t = setTimeout(() => child.kill('SIGKILL'), 5000)
      await child.exited
      clearTimeout(t)
    },
  }
}
