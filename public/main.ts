/** The page's entry: reads the API's parameter specs, mounts the views and follows the URL. */
import 'uplot/dist/uPlot.min.css'
import './styles.css'
import { mountBtc } from './btc-view.ts'
import { byId, setStatus } from './dom.ts'
import { showError } from './errors-shown.ts'
import { mountMarkets } from './markets-view.ts'
import { showOrigin } from './origin-note.ts'
import { ParamSpecs } from './param-specs.ts'
import { mountSearch } from './search-view.ts'
import { mountTrends } from './trends-view.ts'
import { type View, VIEWS, currentView, writeState } from './url-state.ts'

function showApiHelp(): void {
  const mcp = new URL('mcp', document.baseURI).href
  byId('mcp-url').textContent = mcp
  byId('mcp-cli').textContent = `claude mcp add --transport http newsdesk ${mcp}`
  byId('mcp-json').textContent = JSON.stringify({ mcpServers: { newsdesk: { type: 'http', url: mcp } } }, null, 2)
}

function showView(view: View): void {
  for (const panel of document.querySelectorAll<HTMLElement>('[data-view-panel]'))
    panel.hidden = panel.dataset.viewPanel !== view
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-view]')) {
    if (link.dataset.view === view) link.setAttribute('aria-current', 'page')
    else link.removeAttribute('aria-current')
  }
  document.title = `Newsdesk — ${document.querySelector(`a[data-view="${view}"]`)?.textContent ?? ''}`
}

async function start(): Promise<void> {
  showApiHelp()
  void showOrigin()
  const view = currentView()
  showView(view)
  let specs: ParamSpecs
  try {
    specs = await ParamSpecs.load()
  } catch (error) {
    showError(byId('page-status'), error)
    return
  }
  const renderers: Record<View, () => void> = {
    search: mountSearch(specs).render,
    trends: mountTrends().render,
    btc: mountBtc(specs).render,
    markets: mountMarkets(specs).render,
    api: () => {},
  }
  const rendered = new Set<View>()
  const render = (fresh: boolean) => {
    const v = currentView()
    showView(v)
    if (fresh || !rendered.has(v)) renderers[v]()
    rendered.add(v)
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-view]')) {
    link.addEventListener('click', (event) => {
      const target = VIEWS.find((v) => v === link.dataset.view)
      if (target === undefined || event.ctrlKey || event.metaKey || event.shiftKey) return
      event.preventDefault()
      writeState({ view: target === 'search' ? undefined : target })
      render(false)
      byId('main').focus({ preventScroll: true })
    })
  }
  window.addEventListener('popstate', () => render(true))
  render(true)
}

void start().catch((error: unknown) =>
  setStatus(
    byId('page-status'),
    'error',
    `The page failed to start: ${error instanceof Error ? error.message : String(error)}`,
  ),
)
