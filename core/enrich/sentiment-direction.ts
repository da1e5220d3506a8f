/**
 * Direction of change in financial and economic news: a quantity (profit, sales, orders, jobs…)
 * near a word that says which way it moved (rose, fell, beat, cut…). Good news when a good
 * quantity goes up or a bad one (losses, costs, debt, unemployment) goes down; bad news the other
 * way round. "Operating profit rose to EUR 13.1 mn" is good news although no word in it is; "net
 * loss widened" is bad news although `widened` is not. The lists are domain knowledge written for
 * this project (English only), not learned from any labelled set. The tone model gets the verdict
 * as features (`dir:+`, `dir:-`, `dir:±`), so training decides how far to trust it.
 */

const list = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter((w) => w !== ''))

/** Quantities whose rise is good news for the company, market or economy they belong to. */
const GOOD_QUANTITIES = list(`
  profit profits earnings revenue revenues sales income margin margins order orders bookings backlog
  share shares stock stocks price prices valuation dividend dividends payout buyback growth output
  production demand jobs employment hiring payrolls wages eps ebitda ebit turnover exports
  deliveries shipments volume volumes traffic subscribers users customers guidance outlook forecast
  forecasts target rating ratings profitability gdp index indices market markets sensex nifty dow
  nasdaq ftse dax nikkei equities cash assets aum deposits inflows investment investments
  premium premiums bonus pct points pts
`)

/** Quantities whose rise is bad news. */
const BAD_QUANTITIES = list(`
  loss losses deficit deficits debt debts cost costs expense expenses expenditure unemployment
  jobless layoffs redundancies inflation npa npas defaults default delinquencies provisions
  impairment impairments writedown writedowns write-downs charges liabilities borrowings
  outflows claims fine fines penalty penalties risk risks
`)

/** Words saying a quantity moved up (or came out ahead). */
const UP = list(`
  rise rises rose risen rising increase increases increased increasing up grow grows grew grown growing
  jump jumps jumped jumping climb climbs climbed climbing improve improves improved improving
  beat beats beating higher highest record surge surges surged surging soar soars soared soaring
  gain gains gained gaining rally rallies rallied rallying boost boosts boosted advance advances
  advanced expand expands expanded expanding double doubles doubled triple tripled rebound
  rebounds rebounded tops topped exceed exceeds exceeded raise raises raised hike hikes hiked
  strong stronger accelerate accelerates accelerated widen widens widened swell swells swelled
  spike spikes spiked upgrade upgrades upgraded outperform outperforms outperformed
  above add adds added skyrocket skyrockets skyrocketed multiplied peak pop pops popped leap leaps
  leaped leapt zoom zooms zoomed spurt spurts spurted deepen deepens deepened deepening mount
  mounts mounted mounting numup
`)

/** Words saying a quantity moved down (or fell short). */
const DOWN = list(`
  fall falls fell fallen falling decline declines declined declining drop drops dropped dropping
  down slump slumps slumped cut cuts cutting miss misses missed lower lowest lowered lowers
  plunge plunges plunged plunging tumble tumbles tumbled slide slides slid
  sink sinks sank shrink shrinks shrank shrunk decrease decreases decreased dip dips dipped slip
  slips slipped weaken weakens weakened weak weaker reduce reduces reduced narrows narrowed
  narrowing contracted contracting slow slows slowed slowing downgrade downgrades downgraded plummet
  plummets plummeted crash crashes crashed shed sheds trim trims trimmed erode erodes eroded halve
  halved below sag sags sagged ease eases eased slash slashes slashed tank tanks tanked
  underperform underperforms underperformed dive dives dived crater craters cratered retreat retreats
  retreated skid skids skidded lose loses lost losing numdown
`)

const NEGATORS = list(`not no never without cannot nor`)

/** Words that start a clause of their own: "losses deepen as bitcoin falls" pairs no word across `as`. */
const CLAUSE_STARTS = list(`as but while after amid despite although though whereas because since when if yet`)

/**
 * How many words a direction may stand after its quantity ("net sales for the 0 quarter of 0 rose")
 * or before it ("rising costs", "up 0% on higher sales").
 */
const REACH_AFTER = 8
const REACH_BEFORE = 3

type Sign = 1 | -1

function quantitySign(token: string): Sign | 0 {
  if (GOOD_QUANTITIES.has(token)) return 1
  if (BAD_QUANTITIES.has(token)) return -1
  return 0
}

function directionSign(token: string): Sign | 0 {
  if (UP.has(token)) return 1
  if (DOWN.has(token)) return -1
  return 0
}

function isNegator(token: string): boolean {
  return NEGATORS.has(token) || token.endsWith("n't")
}

/**
 * The direction verdicts of folded English word tokens: +1 for each good-news pairing, −1 for each
 * bad-news one. A direction pairs with the nearest quantity within reach in the same clause (a
 * clause ends at punctuation, when `breakBefore` says where, and before `as`, `but`, `after`…); a
 * negator in the two words before the direction flips it ("did not rise"). The index of each
 * direction word that paired with a bad quantity is pushed onto `flipped`.
 */
export function directionVerdicts(
  tokens: readonly string[],
  flipped: number[] = [],
  breakBefore: readonly boolean[] = [],
): Sign[] {
  const quantities: { at: number; sign: Sign }[] = []
  const clause: number[] = []
  tokens.forEach((t, at) => {
    const previous = clause[at - 1] ?? 0
    clause.push(breakBefore[at] === true || CLAUSE_STARTS.has(t) ? previous + 1 : previous)
    const sign = quantitySign(t)
    if (sign !== 0) quantities.push({ at, sign })
  })
  if (quantities.length === 0) return []
  const out: Sign[] = []
  tokens.forEach((t, at) => {
    let sign = directionSign(t)
    if (sign === 0) return
    if (isNegator(tokens[at - 1] ?? '') || isNegator(tokens[at - 2] ?? '')) sign = -sign as Sign
    let best: { at: number; sign: Sign } | undefined
    for (const q of quantities) {
      const gap = Math.abs(q.at - at)
      if (gap === 0 || clause[q.at] !== clause[at] || (q.at < at ? gap > REACH_AFTER : gap > REACH_BEFORE)) continue
      if (best === undefined || gap < Math.abs(best.at - at)) best = q
    }
    if (best === undefined) return
    out.push((best.sign * sign) as Sign)
    if (best.sign < 0) flipped.push(at)
  })
  return out
}

// "to EUR 13.1 mn from EUR 8.7 mn", "from 8.7 million to 13.1 million": a currency or unit word may
// stand on either side of a number.
const UNIT = String.raw`(?:[a-z€$£¥₹]{1,5}\.?\s*)?`
const NUMBER = String.raw`(\d[\d,]*(?:\.\d+)?)`
const TO_FROM_RE = new RegExp(String.raw`\bto\s+${UNIT}${NUMBER}\s*${UNIT}\s*from\s+${UNIT}${NUMBER}`, 'g')
const FROM_TO_RE = new RegExp(String.raw`\bfrom\s+${UNIT}${NUMBER}\s*${UNIT}\s*to\s+${UNIT}${NUMBER}`, 'g')

function parseNumber(s: string | undefined): number {
  return Number((s ?? '').replace(/,/g, ''))
}

function moveWord(before: number, now: number): string {
  return now > before ? ' numup ' : now < before ? ' numdown ' : ' '
}

// "+8%", "-3.5 %", "−2%": a signed change; "12.5%", "5 per cent": a change of an unnamed figure,
// most often the company's share price ("Pinterest popped 12.5%").
const SIGNED_PERCENT_RE = /(^|[\s(])([+\-−])\s?(\d[\d,]*(?:\.\d+)?)\s?%/g
const PERCENT_RE = /(\d)\s?(?:%|per ?cent\b)/g

/**
 * Folded text with figures made readable to directionVerdicts: a move written as figures ("to 13.1
 * from 8.7", "from 8.7 to 13.1", "+8%") gets a direction word of its own, `numup` or `numdown`,
 * before it (numbers are collapsed to `0` later, which would lose which way the figure went), and a
 * percentage becomes the quantity word `pct`.
 */
export function markFigures(folded: string): string {
  let out = folded
  if (out.includes('from'))
    out = out
      .replace(TO_FROM_RE, (m, now, before) => moveWord(parseNumber(before), parseNumber(now)) + m)
      .replace(FROM_TO_RE, (m, before, now) => moveWord(parseNumber(before), parseNumber(now)) + m)
  if (out.includes('%') || out.includes('cent')) {
    out = out.replace(SIGNED_PERCENT_RE, (_, lead, sign, n) => `${lead}${sign === '+' ? 'numup' : 'numdown'} ${n}%`)
    out = out.replace(PERCENT_RE, '$1 pct ')
  }
  return out
}

/** The verdicts as features: `dir:+` and/or `dir:-`, `dir:±` when they disagree, `dir:++` / `dir:--` for two or more alike. */
export function directionFeatures(verdicts: readonly Sign[]): string[] {
  const up = verdicts.filter((v) => v > 0).length
  const down = verdicts.length - up
  const out: string[] = []
  if (up > 0) out.push('dir:+')
  if (up > 1) out.push('dir:++')
  if (down > 0) out.push('dir:-')
  if (down > 1) out.push('dir:--')
  if (up > 0 && down > 0) out.push('dir:±')
  return out
}
