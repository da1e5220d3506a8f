/**
 * Just enough CSV for price files: a delimiter guessed from the first line (`,`, `;` or tab:
 * MetaTrader exports use `;`), double-quoted cells, CRLF, a UTF-8 BOM. Price files never hold a
 * line break inside a cell, so one physical line is one row, which keeps line numbers honest.
 */

export interface CsvRow {
  /** 1-based physical line number, for error messages. */
  line: number
  cells: string[]
}

export interface CsvTable {
  delimiter: string
  /** Non-blank lines, header included when there is one. */
  rows: CsvRow[]
}

const DELIMITERS = [',', ';', '\t'] as const

export function splitCsv(text: string): CsvTable {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n|\r/)
  const first = lines.find((l) => l.trim() !== '') ?? ''
  const delimiter = guessDelimiter(first)
  const rows: CsvRow[] = []
  lines.forEach((text, i) => {
    if (text.trim() !== '') rows.push({ line: i + 1, cells: splitLine(text, delimiter) })
  })
  return { delimiter, rows }
}

function guessDelimiter(line: string): string {
  let best: string = ','
  let bestCount = 0
  for (const d of DELIMITERS) {
    const count = splitLine(line, d).length - 1
    if (count > bestCount) {
      best = d
      bestCount = count
    }
  }
  return best
}

/** One line into trimmed cells; `"a ""b"""` is `a "b"`. An unclosed quote runs to the end of the line. */
export function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"' && cell.trim() === '') {
      cell = ''
      quoted = true
    } else if (ch === delimiter) {
      cells.push(cell.trim())
      cell = ''
    } else cell += ch
  }
  cells.push(cell.trim())
  return cells
}

/** A header row has no cell that starts like a number or a date; every data row has one. */
export function isHeaderRow(cells: readonly string[]): boolean {
  return !cells.some((c) => /^[-+]?\.?\d/.test(c))
}

/** `Open Time`, `open_time` and `openTime` all become `opentime`. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Index of the first header cell matching any alias (in alias order), or -1. */
export function findColumn(header: readonly string[], aliases: readonly string[]): number {
  const names = header.map(normaliseName)
  for (const alias of aliases) {
    const i = names.indexOf(normaliseName(alias))
    if (i >= 0) return i
  }
  return -1
}

const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/

/** A plain decimal or null; `Number()` would also take '', ' ', '0x1f' and 'Infinity'. */
export function parseDecimal(text: string | undefined): number | null {
  if (text === undefined || !DECIMAL.test(text)) return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}
