/**
 * @module The records filter (`?filter=` on the owner's record pages, `share query
 * --filter`), in the syntax PocketBase users know:
 *
 *     city = 'Paris' && (age >= 18 || consent = true) && created >= '2026-01-01'
 *
 * - operands: a field by name (`age`, or `` `first name` `` in backticks for any name),
 *   `created` (the arrival time) and `id`; a bare `created` or `id` means the record's,
 *   a backticked one a field of that name.
 * - operators: `=` `!=` `>` `>=` `<` `<=`, `~` / `!~` (contains / does not, ignoring
 *   case); `&&` binds tighter than `||`; parentheses group.
 * - values: 'text' or "text" (backslash escapes the quote), numbers, true, false, null
 *   (`= null`: the field is missing, absent, null or "", as the summary counts it).
 *
 * Parsed and checked here against the app's fields, so a typo is a 400 naming the fields
 * there are, never an empty page; the stores run the tree (storage/record-filter.ts).
 */
import type { FilterNode, FilterOp, FilterTest } from '../../db/storage/record-filter.ts'
import { AppError, quoteValue } from '../../contract/errors.ts'

/** Bounds on one filter, so a request cannot build a query without end. */
export const FILTER_LIMITS = { length: 2000, tests: 30, depth: 12 }

type Token =
  | { kind: 'name'; text: string; quoted: boolean; at: number }
  | { kind: 'value'; value: string | number | boolean | null; text: string; at: number }
  | { kind: 'op'; text: '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~'; at: number }
  | { kind: 'and' | 'or' | 'open' | 'close'; text: string; at: number }

const OPERATORS = ['!=', '>=', '<=', '!~', '=', '>', '<', '~'] as const
const OPERATOR_LIST = '=, !=, >, >=, <, <=, ~, !~'
const NAME = /[\p{L}\p{N}_]/u
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?/
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/

/** A 400 naming where in the filter the problem is (1-based characters) and what to write instead. */
const problem = (message: string, at?: number): AppError =>
  new AppError('bad_request', `filter: ${message}${at === undefined ? '' : ` (at character ${at + 1})`}`)

/** The number written at `i`, unless letters follow it (then it starts a name, like `2nd`). */
function numberAt(text: string, i: number): string | null {
  const number = NUMBER.exec(text.slice(i))?.[0]
  return number !== undefined && !NAME.test(text[i + number.length] ?? ' ') ? number : null
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    const at = i
    if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'open' : 'close', text: c, at })
      i++
    } else if (text.startsWith('&&', i) || text.startsWith('||', i)) {
      tokens.push({ kind: c === '&' ? 'and' : 'or', text: text.slice(i, i + 2), at })
      i += 2
    } else if (c === "'" || c === '"') {
      let value = ''
      i++
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\' && i + 1 < text.length) i++
        value += text[i++]
      }
      if (i >= text.length) throw problem(`the text starting with ${c} has no closing ${c}`, at)
      i++
      tokens.push({ kind: 'value', value, text: text.slice(at, i), at })
    } else if (c === '`') {
      const end = text.indexOf('`', i + 1)
      if (end < 0) throw problem('the field name starting with ` has no closing `', at)
      const name = text.slice(i + 1, end)
      if (name.trim() === '') throw problem('an empty field name between backticks', at)
      tokens.push({ kind: 'name', text: name, quoted: true, at })
      i = end + 1
    } else if (OPERATORS.some((op) => text.startsWith(op, i))) {
      const op = OPERATORS.find((o) => text.startsWith(o, i))!
      tokens.push({ kind: 'op', text: op, at })
      i += op.length
    } else if (numberAt(text, i) !== null) {
      const number = numberAt(text, i)!
      tokens.push({ kind: 'value', value: Number(number), text: number, at })
      i += number.length
    } else if (NAME.test(c)) {
      let end = i
      while (end < text.length && NAME.test(text[end])) end++
      const word = text.slice(i, end)
      if (word === 'true' || word === 'false') tokens.push({ kind: 'value', value: word === 'true', text: word, at })
      else if (word === 'null') tokens.push({ kind: 'value', value: null, text: word, at })
      else tokens.push({ kind: 'name', text: word, quoted: false, at })
      i = end
    } else {
      throw problem(`unexpected ${JSON.stringify(c)}; write comparisons like age >= 18, joined by && or ||`, at)
    }
  }
  return tokens
}

/** Epoch ms of a date ('2026-01-31', midnight UTC) or date and time (UTC unless it names an offset). */
function instant(text: string, at: number): number {
  const m = DATE.exec(text)
  // A real calendar day and clock time (Date.parse would roll 2026-02-30 over into March).
  const real =
    m !== null &&
    new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDate() === +m[3] &&
    +m[2] <= 12 &&
    +(m[4] ?? 0) < 24 &&
    +(m[5] ?? 0) < 60 &&
    +(m[6] ?? 0) < 60
  const ms = real
    ? Date.parse(
        m[4] === undefined ? `${text}T00:00:00Z` : m[8] ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`,
      )
    : Number.NaN
  if (!Number.isFinite(ms))
    throw problem(
      `created compares with a date like '2026-01-31' or a time like '2026-01-31T14:00:00Z', got ${text}`,
      at,
    )
  return ms
}

class Parser {
  private index = 0
  private tests = 0

  constructor(
    private readonly tokens: Token[],
    private readonly fields: ReadonlySet<string>,
  ) {}

  parse(): FilterNode {
    if (this.tokens.length === 0) throw problem('it is empty; write comparisons like age >= 18, joined by && or ||')
    const node = this.or(0)
    const extra = this.tokens[this.index]
    if (extra) throw problem(`expected && or || before ${extra.text}`, extra.at)
    return node
  }

  private peek(): Token | undefined {
    return this.tokens[this.index]
  }

  private or(depth: number): FilterNode {
    const parts = [this.and(depth)]
    while (this.peek()?.kind === 'or') {
      this.index++
      parts.push(this.and(depth))
    }
    return parts.length === 1 ? parts[0] : { any: parts }
  }

  private and(depth: number): FilterNode {
    const parts = [this.unary(depth)]
    while (this.peek()?.kind === 'and') {
      this.index++
      parts.push(this.unary(depth))
    }
    return parts.length === 1 ? parts[0] : { all: parts }
  }

  private unary(depth: number): FilterNode {
    const token = this.peek()
    if (token?.kind === 'open') {
      if (depth >= FILTER_LIMITS.depth) throw problem(`parentheses nest at most ${FILTER_LIMITS.depth} deep`, token.at)
      this.index++
      const node = this.or(depth + 1)
      const close = this.peek()
      if (close?.kind !== 'close')
        throw problem(close ? `expected ) before ${close.text}` : 'a ( is never closed', close?.at ?? token.at)
      this.index++
      return node
    }
    return this.comparison()
  }

  private comparison(): FilterNode {
    const operand = this.tokens[this.index++]
    if (!operand) throw problem('it ends where a comparison should follow && or ||')
    if (operand.kind !== 'name') throw problem(`expected a field name, created or id, got ${operand.text}`, operand.at)
    const op = this.tokens[this.index++]
    if (op?.kind !== 'op')
      throw problem(
        `expected an operator (${OPERATOR_LIST}) after ${operand.text}${op ? `, got ${op.text}` : ''}`,
        op?.at ?? operand.at,
      )
    const value = this.tokens[this.index++]
    if (value?.kind !== 'value')
      throw problem(
        `expected a value after ${operand.text} ${op.text}: 'text', a number, true, false or null`,
        value?.at ?? op.at,
      )
    if (++this.tests > FILTER_LIMITS.tests) throw problem(`at most ${FILTER_LIMITS.tests} comparisons`, operand.at)
    const negated = op.text === '!=' || op.text === '!~'
    const test = this.test(operand, (negated ? op.text.slice(1) : op.text) as FilterOp, value, op.text)
    return negated ? { not: test } : test
  }

  private test(
    operand: Extract<Token, { kind: 'name' }>,
    op: FilterOp,
    value: Extract<Token, { kind: 'value' }>,
    written: string,
  ): FilterTest {
    const v = value.value
    const at = operand.at
    if (!operand.quoted && operand.text === 'created') {
      if (typeof v !== 'string' || op === '~')
        throw problem(`created takes =, !=, >, >=, <, <= and a date in quotes, like created >= '2026-01-01'`, at)
      return { on: 'created', op, value: instant(v, value.at) }
    }
    if (!operand.quoted && operand.text === 'id') {
      if (typeof v !== 'string' || op !== '=') throw problem(`id takes = or != and a record id in quotes`, at)
      return { on: 'id', op, value: v }
    }
    const name = operand.text
    if (!this.fields.has(name)) {
      const known = [...this.fields].map((f) => (NAME_ONLY.test(f) ? f : `\`${f}\``))
      throw problem(
        `this app has no field ${quoteValue(name)}; its fields: ${known.length ? known.join(', ') : 'none yet'} (and created, id)`,
        at,
      )
    }
    if (v === null) {
      if (op !== '=') throw problem(`null goes with = or != only (${name} = null: the field is missing)`, value.at)
      return { on: 'field', name, op: 'missing' }
    }
    if (op === '~' && typeof v !== 'string')
      throw problem(`${written} takes text in quotes, like ${name} ${written} 'abc'`, value.at)
    if (typeof v === 'boolean' && op !== '=') throw problem(`true and false go with = or != only`, value.at)
    return { on: 'field', name, op, value: v }
  }
}

const NAME_ONLY = /^[\p{L}\p{N}_]+$/u

/** Parses `text` into a filter over the app's `fields` (names); a 400 saying what to fix when it cannot. */
export function parseFilter(text: string, fields: Iterable<string>): FilterNode {
  if (text.length > FILTER_LIMITS.length)
    throw problem(`at most ${FILTER_LIMITS.length} characters, got ${text.length}`)
  return new Parser(tokenize(text), new Set(fields)).parse()
}
