/** Small DOM helpers: build elements without innerHTML, show a panel's state (loading, empty, error). */

type Child = Node | string | null | undefined | false
type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value)
    else if (value === true) el.setAttribute(name, '')
    else el.setAttribute(name, String(value))
  }
  append(el, ...children)
  return el
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children)
    if (c !== null && c !== undefined && c !== false)
      parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c)
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id)
  if (el === null) throw new Error(`#${id} is missing from index.html`)
  return el as T
}

export type PanelState = 'loading' | 'empty' | 'error' | 'ok'

/** Sets a status box: `ok` empties it (the content speaks), the others say what is going on. */
export function setStatus(
  box: HTMLElement,
  state: PanelState,
  message: Child = '',
  details: readonly string[] = [],
): void {
  box.className = state === 'ok' ? 'status' : `status ${state}`
  box.dataset.state = state
  box.setAttribute('role', state === 'error' ? 'alert' : 'status')
  box.replaceChildren()
  if (state === 'ok') return
  append(box, message)
  if (details.length > 0) box.appendChild(h('ul', {}, ...details.map((d) => h('li', {}, d))))
}

/**
 * The API's highlighted title/description: HTML-escaped text with `<em>` around matches. Parsed in
 * an inert template and rebuilt from text and `em` only, so nothing else can reach the page.
 */
export function highlighted(html: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = html
  const out = document.createDocumentFragment()
  const walk = (from: Node, into: Node) => {
    for (const node of Array.from(from.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) into.appendChild(document.createTextNode(node.textContent ?? ''))
      else if (node.nodeName === 'EM') {
        const mark = document.createElement('mark')
        walk(node, mark)
        into.appendChild(mark)
      } else walk(node, into)
    }
  }
  walk(template.content, out)
  return out
}

/** `2026-11-21T07:59:39Z` → `2026-11-21 07:59 UTC`: the API's clock is UTC, so is the page's. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
}

export function formatNumber(value: number | null, digits = 2): string {
  return value === null
    ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: Math.min(digits, 2) })
}

export function signedPct(value: number | null): string {
  if (value === null) return '—'
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`
}
