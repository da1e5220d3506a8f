/** The instruments the service ships (DECISIONS.md, Markets). Data, not code branches. */

export type InstrumentKind = 'crypto' | 'metal' | 'fx'
export type Grain = 'hour' | 'day'

export interface Instrument {
  slug: string
  name: string
  kind: InstrumentKind
  unit: string
  grain: Grain
  /** Provider of the loaded data; set from the store at run time (`demo` for the generated archive). */
  source: string
}

export const INSTRUMENTS: readonly Omit<Instrument, 'source'>[] = [
  { slug: 'bitcoin', name: 'Bitcoin (BTC/USDT)', kind: 'crypto', unit: 'USD', grain: 'hour' },
  { slug: 'gold', name: 'Gold', kind: 'metal', unit: 'USD/oz', grain: 'day' },
  { slug: 'silver', name: 'Silver', kind: 'metal', unit: 'USD/oz', grain: 'day' },
  { slug: 'usd-brl', name: 'US dollar in Brazilian real', kind: 'fx', unit: 'BRL', grain: 'day' },
  { slug: 'usd-inr', name: 'US dollar in Indian rupee', kind: 'fx', unit: 'INR', grain: 'day' },
]

export function findInstrument(slug: string): Omit<Instrument, 'source'> | undefined {
  return INSTRUMENTS.find((i) => i.slug === slug)
}
