/**
 * fast-check arbitraries for requests to the live node, generated from the endpoint registry:
 * every parameter of every endpoint gets values inside, on and just past its bounds (read from
 * its ParamSpec, never restated here), wrong types, hostile strings and broken percent-encoding;
 * queries get repeated and unknown parameters; paths get traversal forms and extreme lengths.
 */
import fc from 'fast-check'
import { ENDPOINTS, type EndpointSpec } from '../../core/endpoints.ts'
import type { ParamSpec } from '../../core/params.ts'

/** Strings no parameter should choke on: empty, huge, bidi, emoji, combining marks, controls, traversal. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'a'.repeat(10_000),
  '٣'.repeat(600),
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '👩🏽‍💻🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'Z̷̡̛̲͉̼̳̈́͋̓a̸̛̠l̵g̶o̷',
  '\u0000',
  '\u0007\u001b[31m',
  '\uFEFF',
  '\uFFFD',
  '..',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  '/',
  '\\',
  '"',
  "'; DROP TABLE articles; --",
  '" OR 1=1 --',
  'NEAR(a b)',
  '*',
  'title:bitcoin',
  '^bitcoin',
  '{a b}:c',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'NaN',
  'Infinity',
  '-0',
  '1e3',
  '0x10',
  '9'.repeat(40),
  '-9007199254740993',
  '[]',
  '{}',
  'null',
  'true',
  ',,,',
  ', , ,',
]

/**
 * Raw percent-encodings that `encodeURIComponent` cannot produce: a lone surrogate as CESU-8,
 * truncated and invalid UTF-8, an encoded NUL, encoded dots and slashes, and malformed escapes.
 */
export const RAW_ENCODED: readonly string[] = [
  '%ED%A0%80',
  '%ED%B2%A9',
  '%ED%A0%80%ED%B0%80',
  '%C3',
  '%C3%28',
  '%E2%82',
  '%F0%9F%98',
  '%FF%FE',
  '%C0%AE%C0%AE',
  '%00',
  '%2e%2e',
  '%2E%2E%2F',
  '%2f',
  '%5c',
  '%',
  '%%',
  '%zz',
  '%u2028',
  '+',
  '%2B',
  '%26',
  '%3D',
  '%23',
]

/** A value as it would be typed into a query string: encoded, or one of the raw forms. */
function encoded(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80')
  }
}

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS).map(encoded),
  fc.constantFrom(...RAW_ENCODED),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encoded),
  fc.string({ unit: 'binary', maxLength: 40 }).map(encoded),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...RAW_ENCODED), fc.string({ maxLength: 10 }))
    .map(([a, raw, b]) => `${encoded(a)}${raw}${encoded(b)}`),
)

const intText = (n: number) => String(n)

/** Values of one registry parameter: valid ones, its boundaries and one step past them. */
function boundaryValues(spec: ParamSpec): fc.Arbitrary<string> {
  switch (spec.kind) {
    case 'int':
      return fc.oneof(
        fc.integer({ min: spec.min, max: spec.max }).map(intText),
        fc.constantFrom(spec.min, spec.max, spec.min - 1, spec.max + 1, spec.max * 1000).map(intText),
        fc.constantFrom(` ${spec.min} `, `+${spec.max}`, `${spec.min}.0`, `0${spec.max}`, '1e2', '', '-', 'abc'),
      )
    case 'number':
      return fc.oneof(
        fc.double({ min: spec.min, max: spec.max, noNaN: true }).map((x) => String(Math.round(x * 1000) / 1000)),
        fc.constantFrom(spec.min, spec.max, spec.min - 0.001, spec.max + 0.001, spec.max * 1000).map(String),
        // Just inside each bound: the first and last steps of a range (a tone bound in the first
        // or last score tenth once built an empty FTS5 expression).
        fc.constantFrom(spec.min + 0.05, spec.max - 0.05, spec.min + 0.001, spec.max - 0.001).map((x) => String(x)),
        fc.constantFrom(` ${spec.min} `, `+${spec.max}`, '.5', '-.5', '1e-1', '', '-', 'abc', 'NaN', 'Infinity', '0x1'),
      )
    case 'bool':
      return fc.constantFrom('true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'TRUE', 'Off', ' yes ', 'y', '2', '')
    case 'enum': {
      const values = [...spec.values]
      return fc.oneof(
        fc.constantFrom(...values),
        fc.constantFrom(...values).map((v) => v.toUpperCase()),
        fc.constantFrom(...values).map((v) => ` ${v} `),
        fc.constantFrom(...values).map((v) => `${v}x`),
      )
    }
    case 'string':
      return fc
        .oneof(
          fc.string({ unit: 'grapheme', maxLength: Math.min(spec.maxLength, 60) }),
          fc.constantFrom(
            'a'.repeat(spec.maxLength),
            'a'.repeat(spec.maxLength + 1),
            'é'.repeat(spec.maxLength),
            '🙂'.repeat(Math.ceil(spec.maxLength / 2) + 1),
          ),
          ...(spec.pattern === undefined
            ? []
            : [fc.stringMatching(spec.pattern).filter((s) => s.length <= spec.maxLength)]),
        )
        .map(encoded)
    case 'list': {
      const item =
        spec.item.name === 'enum'
          ? fc.constantFrom(...spec.item.values)
          : spec.item.name === 'country'
            ? fc.constantFrom('gb', 'US', 'fr', 'DE', 'xx', 'g', 'gbr', '12')
            : spec.item.name === 'lang'
              ? fc.constantFrom('en', 'FR', 'de', 'zh', 'ja', 'ru', 'e', 'engl')
              : spec.item.name === 'tld'
                ? fc.constantFrom('uk', '.com', 'fr', 'de', '.', 'a..b', 'x'.repeat(64))
                : spec.item.name === 'host'
                  ? fc.constantFrom('news1.co.uk', 'www.daily2.com', 'journal3.fr', 'exa mple.com', 'a'.repeat(254))
                  : fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
      return fc
        .oneof(
          fc.array(item, { maxLength: spec.maxItems }).map((xs) => xs.join(',')),
          fc.array(item, { minLength: spec.maxItems + 1, maxLength: spec.maxItems + 3 }).map((xs) => xs.join(',')),
          fc.array(item, { maxLength: 4 }).map((xs) => xs.join(' , ,')),
        )
        .map(encoded)
    }
    case 'range':
      return fc
        .oneof(
          fc.constantFrom(
            'now',
            'NOW',
            'now-1m',
            'now-15m',
            'now-7d',
            'now-999999w',
            'now-1000000d',
            'now+1d',
            'now-0h',
          ),
          fc.integer({ min: 0, max: 99_999_999_999 }).map(String),
          fc.constantFrom('0', '1', '99999999999', '100000000000', '-1'),
          fc
            .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          fc
            .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
            .map((d) => d.toISOString()),
          fc.constantFrom(
            '2026-02-30',
            '2026-13-01',
            '2026-11-21T25:00:00Z',
            '2026-11-21T14:00:00+14:00',
            '2026-11-21 14:00',
            '2026-11-21T14:00:00.123456789Z',
          ),
        )
        .map(encoded)
    case 'day':
      return fc
        .oneof(
          fc
            .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          fc.constantFrom('0000-01-01', '9999-12-31', '2026-02-29', '2026-11-21T00:00:00Z', '21/11/2026'),
        )
        .map(encoded)
    case 'instant':
      return fc
        .oneof(
          fc
            .date({ min: new Date('2026-10-01T00:00:00Z'), max: new Date('2026-12-01T00:00:00Z'), noInvalidDate: true })
            .map((d) => d.toISOString()),
          fc.constantFrom('0001-01-01', '9999-12-31T23:59:59Z', '2026-11-21', '2026-11-21T14:00:00-12:00', 'yesterday'),
        )
        .map(encoded)
    case 'window': {
      const units = spec.window.units
      return fc
        .oneof(
          fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.constantFrom(...units)).map(([n, u]) => `${n}${u}`),
          fc.constantFrom(
            spec.default,
            '0h',
            '1000000d',
            '15m',
            '14m',
            '30d',
            '31d',
            '1y',
            '2y',
            '52w',
            '53w',
            '1.5h',
            '-1h',
            'h',
            '24',
          ),
        )
        .map(encoded)
    }
  }
}

/** Any value for a parameter: its own boundary values most of the time, hostile input otherwise. */
function paramValue(spec: ParamSpec): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: boundaryValues(spec) }, { weight: 1, arbitrary: hostile })
}

const ALL_QUERY_NAMES = [...new Set(ENDPOINTS.flatMap((e) => Object.keys(e.query)))]

/** A query string: the endpoint's own parameters (some repeated), others' and unknown ones. */
function queryString(endpoint: EndpointSpec): fc.Arbitrary<string> {
  const own = Object.entries(endpoint.query).map(([name, spec]) =>
    fc.option(
      fc.array(paramValue(spec), { minLength: 1, maxLength: 3 }).map((values) => values.map((v) => `${name}=${v}`)),
      { freq: 2 },
    ),
  )
  const foreign = fc.array(
    fc.oneof(
      fc.constantFrom(...ALL_QUERY_NAMES).chain((name) => hostile.map((v) => `${name}=${v}`)),
      fc.tuple(fc.string({ maxLength: 12 }).map(encoded), hostile).map(([k, v]) => `${k}=${v}`),
      fc.constantFrom('&', '=', '==', 'q', 'q=', '=x', '__proto__=1', 'constructor=1', 'q[]=a', 'size[]=1'),
    ),
    { maxLength: 3 },
  )
  return fc.tuple(fc.tuple(...own), foreign, fc.boolean()).map(([ownParts, foreignParts, shuffle]) => {
    const parts = [...ownParts.flatMap((p) => p ?? []), ...foreignParts]
    if (shuffle) parts.reverse()
    return parts.join('&')
  })
}

/** A path segment for a path parameter: its boundary values, hostile ones and traversal forms. */
const TRAVERSAL_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..%5c..%5c',
  '%00',
  'a%00b',
  '%2f',
  '~',
  'manifest.json',
  'latest.json',
  '..%252f',
  '%c0%ae%c0%ae',
]

function pathSegment(spec: ParamSpec): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: boundaryValues(spec) },
    { weight: 2, arbitrary: fc.constantFrom(...TRAVERSAL_SEGMENTS) },
    { weight: 1, arbitrary: hostile.filter((s) => s !== '') },
  )
}

function concretePath(endpoint: EndpointSpec): fc.Arbitrary<string> {
  const names = Object.keys(endpoint.pathParams)
  if (names.length === 0) return fc.constant(endpoint.path)
  return fc.tuple(...names.map((n) => pathSegment(endpoint.pathParams[n] as ParamSpec))).map((values) => {
    let path = endpoint.path
    names.forEach((n, i) => {
      path = path.replace(
        `{${n}}`,
        (values[i] as string).replaceAll('/', '%2F').replaceAll('?', '%3F').replaceAll('#', '%23'),
      )
    })
    return path
  })
}

/** Path mangling: trailing traversal, doubled slashes, backslashes, NUL, very long paths. */
const identity = (p: string) => p
const pathMutation = fc.oneof(
  { weight: 4, arbitrary: fc.constant(identity) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<(p: string) => string>(
      (p) => `${p}/`,
      (p) => `${p}/..`,
      (p) => `${p}/%2e%2e/%2e%2e/etc/passwd`,
      (p) => `${p}%00`,
      (p) => `${p}%00.json`,
      (p) => p.replace('/v1/', '/v1//'),
      (p) => p.replace('/v1/', '/v1/./'),
      (p) => p.replace('/v1/', '/v1/x/../'),
      (p) => p.replace('/v1/', '/v1/%2e%2e/v1/'),
      (p) => `${p}${'/a'.repeat(2000)}`,
      (p) => `${p}${'x'.repeat(16_000)}`,
      (p) => p.toUpperCase(),
      (p) => `${p}.json`,
      (p) => `/snapshots${p}`,
      (p) => `/../../..${p}`,
    ),
  },
)

/** A request target (path and query as sent, starting with `/`) aimed at `endpoint`. */
export function requestFor(endpoint: EndpointSpec): fc.Arbitrary<string> {
  return fc
    .tuple(concretePath(endpoint), pathMutation, queryString(endpoint))
    .map(([path, mutate, query]) => (query === '' ? mutate(path) : `${mutate(path)}?${query}`))
}

export const anyRequest: fc.Arbitrary<string> = fc.constantFrom(...ENDPOINTS).chain(requestFor)
