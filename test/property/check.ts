/**
 * @module How the property tests run their properties: like `fc.assert`, but a failure says,
 * on stderr and in the thrown error, the seed and path that replay it, with the command line.
 * SVC_PROPERTY_SEED, SVC_PROPERTY_PATH and SVC_PROPERTY_RUNS override a property's own
 * (replaying a counterexample, or searching with many runs and other seeds); without a seed
 * each run draws one, as fast-check does, and prints it only when it fails.
 */
import fc from 'fast-check'

/** The run parameters after the environment's overrides. */
function parameters<Ts>(given: fc.Parameters<Ts>): fc.Parameters<Ts> {
  const env = process.env
  return {
    ...given,
    ...(env.SVC_PROPERTY_SEED ? { seed: Number(env.SVC_PROPERTY_SEED) } : {}),
    ...(env.SVC_PROPERTY_PATH ? { path: env.SVC_PROPERTY_PATH } : {}),
    ...(env.SVC_PROPERTY_RUNS ? { numRuns: Number(env.SVC_PROPERTY_RUNS) } : {}),
  }
}

/** Checks `property` (sync or async) and throws, naming its seed and path, when it fails. */
export async function checkProperty<Ts>(
  name: string,
  property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>,
  given: fc.Parameters<Ts> = {},
): Promise<void> {
  const details = await fc.check(property as fc.IAsyncProperty<Ts>, parameters(given))
  if (!details.failed) return
  const replay = `SVC_PROPERTY_SEED=${details.seed} SVC_PROPERTY_PATH=${details.counterexamplePath ?? ''}`
  const line = `property "${name}" failed: seed ${details.seed}, path "${details.counterexamplePath}" (replay: ${replay} bun test -t '${name}')`
  console.error(line)
  const cause = details.errorInstance instanceof Error ? `\n${details.errorInstance.message}` : ''
  throw new Error(`${line}\n${fc.defaultReportMessage(details) ?? ''}${cause}`)
}
