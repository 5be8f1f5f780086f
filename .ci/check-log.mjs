// Reads the output of one `bun test` run and checks what bun's exit code alone does not:
// errors outside tests ("# Unhandled error between tests", " N error(s)"), test files that
// ran no test (a file bun aborted), and test files that never ran at all. Prints the
// counts as JSON on stdout, every problem on stderr, and exits 1 when there is one.
//
//   node .ci/check-log.mjs <log file> <test root>
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

const [logFile, testRoot] = process.argv.slice(2)
const log = readFileSync(logFile, 'utf8').replace(/\x1b\[[0-9;]*m/g, '')
const lines = log.split('\n')
const problems = []

const count = (word) => {
  const match = [...log.matchAll(new RegExp(`^ *(\\d+) ${word}$`, 'gm'))].at(-1)
  return match ? Number(match[1]) : 0
}
const passed = count('pass')
const failed = count('fail')
const skipped = count('skip')
const errors = count('errors?')

if (!/^Ran \d+ tests? across \d+ files?\./m.test(log))
  problems.push('bun did not print its summary: the run ended early')
if (errors > 0) problems.push(`bun reported ${errors} error(s) outside tests`)
const unhandled = lines.filter((line) => line.startsWith('# Unhandled error')).length
if (unhandled > 0) problems.push(`${unhandled} unhandled error(s) between tests`)

// Results per file: bun prints "path/x.test.ts:" before a file's results.
const HEADER = /^(test\/\S+\.test\.[cm]?[jt]sx?):$/
const RESULT = /^\((pass|fail|skip|todo)\) /
const results = new Map()
let current = null
for (const line of lines) {
  const header = HEADER.exec(line)
  if (header) {
    current = header[1]
    if (!results.has(current)) results.set(current, 0)
  } else if (current && RESULT.test(line)) {
    results.set(current, results.get(current) + 1)
  }
}

const testFiles = []
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path)
    else if (/\.test\.[cm]?[jt]sx?$/.test(entry.name)) testFiles.push(relative(process.cwd(), path))
  }
}
walk(testRoot)
for (const file of testFiles.sort()) {
  if (!results.has(file)) problems.push(`${file} never ran`)
  else if (results.get(file) === 0) problems.push(`${file} ran no test (aborted while loading or by an error)`)
}

for (const problem of problems) console.error(`check: ${problem}`)
console.log(
  JSON.stringify({
    passed,
    failed,
    skipped,
    errors,
    files: testFiles.length,
    filesRun: results.size,
    ok: problems.length === 0,
  }),
)
process.exit(problems.length === 0 ? 0 : 1)
