import { expect, test } from 'bun:test'
import { at, fault, missing, unprocessable, valueError, valueErrorFault } from '../../core/validation-error.ts'

// The bytes of each issue shape, key order included, as the answers have carried them (written out by hand).
test.each([
  {
    name: 'missing',
    issue: missing(['query', 'q']),
    json: '{"loc":["query","q"],"msg":"Field required","type":"missing","input":null}',
  },
  {
    name: 'per-kind fault with ctx',
    issue: at(
      ['query', 'size'],
      fault('less_than_equal', 'Input should be less than or equal to 100', '101', { le: 100 }),
    ),
    json: '{"loc":["query","size"],"type":"less_than_equal","msg":"Input should be less than or equal to 100","input":"101","ctx":{"le":100}}',
  },
  {
    name: 'per-kind fault without ctx',
    issue: at(
      ['query', 'strict_country'],
      fault('bool_parsing', 'Input should be a valid boolean, unable to interpret input', 'maybe'),
    ),
    json: '{"loc":["query","strict_country"],"type":"bool_parsing","msg":"Input should be a valid boolean, unable to interpret input","input":"maybe"}',
  },
  {
    name: 'per-kind value error',
    issue: at(['query', 'date'], valueErrorFault('expected a calendar day as YYYY-MM-DD', 'x')),
    json: '{"loc":["query","date"],"type":"value_error","msg":"Value error, expected a calendar day as YYYY-MM-DD","input":"x","ctx":{"error":"expected a calendar day as YYYY-MM-DD"}}',
  },
  {
    name: 'cross-parameter value error',
    issue: valueError(['query', 'to'], 'to must be later than from (to is exclusive)', '2026-01-01'),
    json: '{"loc":["query","to"],"msg":"Value error, to must be later than from (to is exclusive)","type":"value_error","input":"2026-01-01","ctx":{"error":"to must be later than from (to is exclusive)"}}',
  },
])('$name', ({ issue, json }) => {
  expect(JSON.stringify(issue)).toBe(json)
  expect(JSON.stringify(unprocessable([issue]))).toBe(`{"status":422,"body":{"detail":[${json}]}}`)
})
