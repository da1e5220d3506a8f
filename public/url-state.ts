/** The page's state lives in the query string, so any view can be shared and reloaded. */

export type View = 'search' | 'trends' | 'btc' | 'markets' | 'api'
export const VIEWS: readonly View[] = ['search', 'trends', 'btc', 'markets', 'api']

export function readState(): URLSearchParams {
  return new URLSearchParams(location.search)
}

export function currentView(): View {
  const view = readState().get('view')
  return VIEWS.find((v) => v === view) ?? 'search'
}

/** Replaces the given keys (empty or undefined removes them) and pushes a history entry. */
export function writeState(
  changes: Readonly<Record<string, string | number | undefined>>,
  mode: 'push' | 'replace' = 'push',
): void {
  const params = readState()
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key)
    else params.set(key, String(value))
  }
  const search = params.toString()
  const url = `${location.pathname}${search === '' ? '' : `?${search}`}`
  if (url === `${location.pathname}${location.search}`) return
  if (mode === 'push') history.pushState(null, '', url)
  else history.replaceState(null, '', url)
}

/** A comma-list parameter's values (`category=sport,world` → `['sport', 'world']`), as the API splits them. */
export function listOf(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
}

/** The list with `value` added, or removed when already there (case-insensitive, as the API compares codes). */
export function toggled(list: readonly string[], value: string): string[] {
  const has = list.some((v) => v.toLowerCase() === value.toLowerCase())
  return has ? list.filter((v) => v.toLowerCase() !== value.toLowerCase()) : [...list, value]
}
