/** The footer line that says whether the page shows the generated demo or real data, and what is followed (from /health). */
import { getJson } from './api-client.ts'
import { byId } from './dom.ts'

interface HealthOrigin {
  origin?: 'demo' | 'real' | null
  following?: string[]
}

export function originText(health: HealthOrigin): string | null {
  const following = health.following ?? []
  if (health.origin === 'demo') return 'Demo data: generated articles and prices, not real news.'
  if (health.origin === 'real')
    return `Real data. Following: ${following.length === 0 ? 'nothing (the store alone)' : following.join(', ')}.`
  return null
}

/** Best effort: a page served without the live node (a CDN) has no /health and keeps the plain footer. */
export async function showOrigin(): Promise<void> {
  try {
    const text = originText(await getJson<HealthOrigin>('health'))
    if (text === null) return
    const line = byId('data-origin')
    line.textContent = text
    line.hidden = false
  } catch {
    // No /health here: nothing to say.
  }
}
