/**
 * Bitcoin relevance: the title or description names bitcoin. Latin `bitcoin` and `BTC` must be
 * whole words (so `BTCS`, `WBTC` and `bitcoinist.com`'s domain-like run-ons do not count, but
 * `$BTC`, `BTC/USD`, `#Bitcoin` and `bitcoins` do); the other scripts' spellings are matched
 * as written in each language, including inflected forms (биткоина, البيتكوين).
 */

const SPELLINGS = [
  // Latin: bitcoin in every Latin-script language, the ticker and its trading pairs.
  String.raw`(?<![\p{L}\p{N}])(?:bitcoin(?:s|er|ers)?|btc(?:usdt?|usd|eur)?|xbt(?:usd)?)(?![\p{L}\p{N}])`,
  // Cyrillic: ru биткоин/биткойн (and case endings), uk біткоїн/біткойн, bg биткойн.
  'битко[ий]н|біткоїн|біткойн',
  // Chinese (simplified, traditional), Japanese, Korean.
  '比特币|比特幣|ビットコイン|비트코인',
  // Arabic, Persian (with or without the zero-width non-joiner), Urdu.
  'بيتكوين|بتكوين|بيتكوبن|بیت‌کوین|بیت کوین|بیتکوین|بٹ کوائن',
  // Hindi and Marathi spellings.
  'बिटकॉइन|बिटकॉयन|बिटकोइन|बिटक्वाइन|बिटकॉईन',
  // Greek, Hebrew, Thai.
  'μπιτκόιν|μπιτκοίν|ביטקוין|บิตคอยน์',
]

const BITCOIN_RE = new RegExp(SPELLINGS.join('|'), 'iu')

/** Past this, a title or description is junk; the cap bounds the work on hostile pages. */
const FIELD_MAX_CHARS = 5000

export function isBitcoinArticle(title: string, description: string): boolean {
  return BITCOIN_RE.test(title.slice(0, FIELD_MAX_CHARS)) || BITCOIN_RE.test(description.slice(0, FIELD_MAX_CHARS))
}
