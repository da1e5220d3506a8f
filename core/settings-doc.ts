/**
 * docs/configuration.md and the README's list of variables, rendered from the settings table
 * (core/settings.ts), so neither can drift from what the programs parse.
 * `bun run scripts/build-config-docs.ts` rewrites both; test/core/settings-doc.test.ts fails while
 * either is stale.
 */
import { SETTING_NAMES, SETTINGS, type Setting, type SettingName, type SettingScope, accepts } from './settings.ts'

export const CONFIG_DOC_PATH = 'docs/configuration.md'

/** The README lines between these markers are generated. */
export const README_SETTINGS_START =
  '<!-- settings: generated from core/settings.ts by scripts/build-config-docs.ts -->'
export const README_SETTINGS_END = '<!-- /settings -->'

const SCOPE_TITLES: Record<SettingScope, string> = {
  service: 'Batch job and live node',
  stream: 'Following the real stream',
  publish: 'Publishing to an object store (`bun run publish`)',
  bench: 'Benchmarks, scripts and corpus tests',
  test: 'Test knobs',
}
const SCOPES = Object.keys(SCOPE_TITLES) as SettingScope[]

const code = (text: string): string => `\`${text}\``

export function defaultText(s: Setting): string {
  if (s.defaultText !== undefined) return s.defaultText
  const d: unknown = s.default
  if (d === null) return 'unset'
  if (Array.isArray(d)) return d.length === 0 ? 'empty' : code(d.join(','))
  if (d === '') return 'empty'
  return code(String(d))
}

const cell = (text: string): string => text.replaceAll('|', '\\|')

function namesOf(scope: SettingScope): SettingName[] {
  return SETTING_NAMES.filter((n) => SETTINGS[n].scope === scope)
}

export function renderSettingsDoc(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from core/settings.ts by `bun run scripts/build-config-docs.ts`; edit the table there. -->',
    '',
    'Every environment variable Newsdesk reads. Values are trimmed; unset or blank means the default. An',
    'invalid value stops the program with a one-line message naming the variable and what it accepts',
    '(exit 2). The table behind this page, `core/settings.ts`, is also what parses them.',
  ]
  for (const scope of SCOPES) {
    lines.push('', `## ${SCOPE_TITLES[scope]}`, '', '| variable | default | accepts | meaning |', '|---|---|---|---|')
    for (const name of namesOf(scope)) {
      const s: Setting = SETTINGS[name]
      lines.push(`| ${code(name)} | ${cell(defaultText(s))} | ${cell(accepts(s))} | ${cell(s.help)} |`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** A name, with its default when it is a value (`PORT` (`8000`)). */
function brief(name: SettingName): string {
  const s: Setting = SETTINGS[name]
  const d: unknown = s.default
  const shown = s.defaultText === undefined && d !== null && d !== '' && !Array.isArray(d)
  return shown ? `${code(name)} (${code(String(d))})` : code(name)
}

/** The README's block: one line per group, every variable named, the full table linked. */
export function renderReadmeSettings(): string {
  const lines = [README_SETTINGS_START]
  for (const scope of SCOPES) lines.push(`- ${SCOPE_TITLES[scope]}: ${namesOf(scope).map(brief).join(', ')}`)
  lines.push(README_SETTINGS_END)
  return lines.join('\n')
}

/** `readme` with its settings block replaced by the current one (null when the markers are missing). */
export function withReadmeSettings(readme: string): string | null {
  const start = readme.indexOf(README_SETTINGS_START)
  const end = readme.indexOf(README_SETTINGS_END)
  if (start < 0 || end < start) return null
  return readme.slice(0, start) + renderReadmeSettings() + readme.slice(end + README_SETTINGS_END.length)
}
