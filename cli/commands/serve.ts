import { defineSvcCommand } from '../command.ts'
import { applyEnvFile, envFileArg } from '../env-file.ts'

export default defineSvcCommand({
  description:
    'Start the svc server (same as `npm start`; configured by PORT, SVC_DATA_DIR, …; reads no .env unless given --env-file)',
  example: 'PORT=8787 SVC_DATA_DIR=./data svc-cli serve --env-file ./svc.env',
  effect: 'write',
  args: { ...envFileArg },
  async run(args, env) {
    if (args['env-file']) {
      const { file, names } = applyEnvFile(args['env-file'], process.env)
      void env.io.stderr.write(
        `svc: read ${names.length ? names.join(', ') : 'no new settings'} from ${file} (--env-file; the environment wins)\n`,
      )
    }
    // From a checkout, admin/dist is built before the server starts (the server never builds
    // it); the executable carries its own, and SVC_ADMIN_DIR names a built one.
    if (!Bun.isStandaloneExecutable && !env.io.env.SVC_ADMIN_DIR)
      await (await import('../../admin/build.ts')).buildAdminIfStale()
    // Imported here so no other command pays for loading Elysia.
    const { main } = await import('../../server/main.ts')
    await main()
    return { data: undefined, streamed: true }
  },
})
