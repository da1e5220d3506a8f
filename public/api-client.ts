/**
 * Fetching the API: URLs relative to the page (so it works under any base path), JSON bodies, and
 * one error type that carries what the page shows: the status, the API's `detail` messages and,
 * for 503, how long to wait.
 */

export type Query = Readonly<Record<string, string | number | undefined>>

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: readonly string[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
  }
}

export function apiUrl(path: string, query: Query = {}): URL {
  const url = new URL(path.replace(/^\//, ''), document.baseURI)
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value))
  return url
}

/** The display form of a 422 detail item: `size: Input should be less than or equal to 100`. */
function validationLine(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item)
  const { loc, msg } = item as { loc?: unknown; msg?: unknown }
  const where = Array.isArray(loc) ? loc.filter((part) => part !== 'query' && part !== 'path').join('.') : ''
  return `${where === '' ? '' : `${where}: `}${typeof msg === 'string' ? msg : 'invalid value'}`
}

async function errorFrom(response: Response): Promise<ApiError> {
  let detail: unknown = null
  try {
    detail = ((await response.json()) as { detail?: unknown }).detail ?? null
  } catch {
    detail = null
  }
  if (response.status === 422) {
    return new ApiError(
      422,
      'The API did not accept these parameters:',
      Array.isArray(detail) ? detail.map(validationLine) : [String(detail)],
    )
  }
  if (response.status === 503) {
    const retry = Number(response.headers.get('retry-after'))
    const wait = Number.isFinite(retry) && retry > 0 ? retry : null
    const why = typeof detail === 'string' ? detail : 'The service is not ready'
    return new ApiError(503, `${why}. Try again${wait === null ? ' shortly' : ` in ${wait} s`}.`, [], wait)
  }
  if (response.status === 404)
    return new ApiError(404, typeof detail === 'string' ? `Not found: ${detail}` : 'Not found.')
  return new ApiError(
    response.status,
    `The API answered ${response.status}${typeof detail === 'string' ? `: ${detail}` : ''}.`,
  )
}

export async function getJson<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<T> {
  let response: Response
  try {
    response = await fetch(apiUrl(path, query), { headers: { accept: 'application/json' }, signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'The API could not be reached. Check the connection and try again.')
  }
  if (!response.ok) throw await errorFrom(response)
  return (await response.json()) as T
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** One in-flight request per panel: a new one aborts the previous, so a slow answer never overwrites a newer one. */
export function latestOnly(): () => AbortSignal {
  let current: AbortController | null = null
  return () => {
    current?.abort()
    current = new AbortController()
    return current.signal
  }
}
