import { describe, expect, test } from 'bun:test'
import { findColumn, isHeaderRow, parseDecimal, splitCsv, splitLine } from '../../batch/prices/csv-table.ts'

describe('splitLine', () => {
  test.each([
    { name: 'plain', line: 'a,b,c', want: ['a', 'b', 'c'] },
    { name: 'trailing delimiter (ECB)', line: 'Date,USD,', want: ['Date', 'USD', ''] },
    { name: 'quoted delimiter', line: '"1,5",2', want: ['1,5', '2'] },
    { name: 'doubled quote', line: '"say ""hi""",x', want: ['say "hi"', 'x'] },
    { name: 'spaces trimmed', line: ' a , b ', want: ['a', 'b'] },
  ])('$name', ({ line, want }) => expect(splitLine(line, ',')).toEqual([...want]))
})

describe('splitCsv', () => {
  test.each([
    { name: 'comma', text: 'a,b\n1,2\n', delimiter: ',', lines: [1, 2], last: ['1', '2'] },
    {
      name: 'semicolon, CRLF (MetaTrader)',
      text: 'Date;Close\r\n2024.01.02 00:00;1,5\r\n',
      delimiter: ';',
      lines: [1, 2],
      last: ['2024.01.02 00:00', '1,5'],
    },
    { name: 'tab', text: 'a\tb\n1\t2', delimiter: '\t', lines: [1, 2], last: ['1', '2'] },
    {
      name: 'BOM and blank lines keep line numbers',
      text: '\uFEFFa,b\n\n  \n1,2',
      delimiter: ',',
      lines: [1, 4],
      last: ['1', '2'],
    },
  ])('$name', ({ text, delimiter, lines, last }) => {
    const table = splitCsv(text)
    expect(table.delimiter).toBe(delimiter)
    expect(table.rows.map((r) => r.line)).toEqual([...lines])
    expect(table.rows[0]?.cells[0]).toMatch(/^(a|Date)$/)
    expect(table.rows.at(-1)?.cells).toEqual([...last])
  })
})

describe('parseDecimal', () => {
  test.each([
    { text: '42283.58', want: 42283.58 },
    { text: '-5', want: -5 },
    { text: '.5', want: 0.5 },
    { text: '1e3', want: 1000 },
    { text: '', want: null },
    { text: ' ', want: null },
    { text: '0x1f', want: null },
    { text: 'Infinity', want: null },
    { text: '1,5', want: null },
    { text: 'abc', want: null },
  ])('"$text"', ({ text, want }) => expect(parseDecimal(text)).toBe(want))
})

test.each([
  { cells: ['open_time', 'open', 'high'], want: true },
  { cells: ['symbol', 'interval', 'timestamp'], want: true },
  { cells: ['BTCUSDT', '1h', '2023-01-01 00:00:00+00:00'], want: false },
  { cells: ['1704067200000', '42283.58'], want: false },
  { cells: ['2024-01-05', 'N/A'], want: false },
])('isHeaderRow $cells', ({ cells, want }) => expect(isHeaderRow(cells)).toBe(want))

test.each([
  { header: ['Open Time', 'Open'], aliases: ['open_time'], want: 0 },
  { header: ['timestamp', 'date'], aliases: ['date', 'timestamp'], want: 1 },
  { header: ['quote_volume', 'volume'], aliases: ['volume'], want: 1 },
  { header: ['a'], aliases: ['b'], want: -1 },
])('findColumn $aliases in $header', ({ header, aliases, want }) => expect(findColumn(header, aliases)).toBe(want))
