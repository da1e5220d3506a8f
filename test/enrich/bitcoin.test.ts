import { expect, test } from 'bun:test'
import { isBitcoinArticle } from '../../core/enrich/bitcoin.ts'

test.each([
  // names bitcoin
  { title: 'Bitcoin hits a new high', want: true },
  { title: 'BITCOIN HITS A NEW HIGH', want: true },
  { title: 'Why bitcoins are scarce', want: true },
  { title: 'Long-time bitcoiners sell', want: true },
  { title: '#Bitcoin trends again', want: true },
  { title: 'bitcoin-themed ETF launches', want: true },
  { title: 'BTC rallies 5%', want: true },
  { title: 'btc rallies 5%', want: true },
  { title: '$BTC breaks resistance', want: true },
  { title: 'BTC/USD: technical outlook', want: true },
  { title: 'BTC-USD slips', want: true },
  { title: 'BTCUSDT perpetual funding turns negative', want: true },
  { title: 'XBT futures volume rises', want: true },
  { title: 'Биткоин подорожал до рекорда', want: true },
  { title: 'Курс биткоина упал', want: true },
  { title: 'Биткойн и рынок', want: true },
  { title: 'Біткоїн зріс', want: true },
  { title: '比特币突破十万美元', want: true },
  { title: '比特幣再創新高', want: true },
  { title: 'ビットコインが急騰', want: true },
  { title: '비트코인 급등', want: true },
  { title: 'ارتفاع سعر البيتكوين', want: true },
  { title: 'بتكوين يتراجع', want: true },
  { title: 'बिटकॉइन की कीमत बढ़ी', want: true },
  { title: 'Bitcoin yeniden yükselişte', want: true },
  // does not name bitcoin
  { title: 'BTCS Inc. reports earnings', want: false },
  { title: 'WBTC supply on Ethereum grows', want: false },
  { title: 'A subtle shift in policy', want: false },
  { title: 'Ethereum and Solana rally', want: false },
  { title: 'Crypto markets rally', want: false },
  { title: 'Bitcoinist podcast episode 12', want: false },
  { title: 'XBTX', want: false },
  { title: '', want: false },
])('title "$title" → $want', ({ title, want }) => expect(isBitcoinArticle(title, '')).toBe(want))

test.each([
  { title: 'Crypto markets rally', description: 'Bitcoin led the gains.', want: true },
  { title: 'Crypto markets rally', description: 'Ether led the gains.', want: false },
])('description counts too: $description', ({ title, description, want }) =>
  expect(isBitcoinArticle(title, description)).toBe(want),
)
