import { defineSvcCommand } from '../command.ts'

export default defineSvcCommand({
  description: 'Start the svc server (same as `npm start`; configured by PORT, SVC_DATA_DIR, …)',
  example: 'PORT=8787 SVC_DATA_DIR=./data svc-cli serve',
  effect: 'write',
  async run(_args, env) {
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
