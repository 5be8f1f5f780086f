/**
 * Long run of the write-path fuzz test (test/property/share-fuzz.test.ts): many more runs
 * than `npm test` does, with a fresh seed each time (printed, so a failure can be replayed
 * with SVC_FUZZ_SEED=<seed>). Usage: bun bench/fuzz-share.ts [runs] [seed]
 */
const runs = process.argv[2] ?? '5000'
const seed = process.argv[3] ?? String(Math.floor(Math.random() * 2 ** 31))
console.log(`fuzzing the write paths: ${runs} runs, seed ${seed} (replay: bun bench/fuzz-share.ts ${runs} ${seed})`)
const child = Bun.spawn([process.execPath, 'test', '--timeout', '0', 'test/property/share-fuzz.test.ts'], {
  cwd: `${import.meta.dir}/..`,
  env: { ...process.env, SVC_FUZZ_RUNS: runs, SVC_FUZZ_SEED: seed },
  stdout: 'inherit',
  stderr: 'inherit',
})
process.exit(await child.exited)
