/**
 * `bun bench/planner.ts` — how long the built-in planner takes over instructions made of long
 * number runs (issue 41 item 11: 5,000 digits used to take 0.7 s, 5,000 "一" before "个维度"
 * minutes). Prints milliseconds per instruction at 5,000 characters (the API's limit) and at
 * 100,000; linear readers take about twenty times longer at the second length, not 400 times.
 */
import { planWithBuiltin } from '../server/smart/builtin-planner.ts'

const SHAPES: Array<[string, (n: number) => string]> = [
  ['digits', (n) => '1'.repeat(n)],
  ['digits + 维度', (n) => `${'1'.repeat(n)}维度`],
  ['一… + 个维度', (n) => `${'一'.repeat(n)}个维度`],
  ['从 + 一… + 维度', (n) => `从${'一'.repeat(n)}维度`],
  ['"1 " repeated', (n) => '1 '.repeat(n / 2)],
]

for (const [name, make] of SHAPES) {
  const figures = [5_000, 100_000].map((length) => {
    const text = make(length)
    const started = performance.now()
    planWithBuiltin(text)
    return `${length}: ${(performance.now() - started).toFixed(1)} ms`
  })
  console.log(`${name.padEnd(18)} ${figures.join('   ')}`)
}
