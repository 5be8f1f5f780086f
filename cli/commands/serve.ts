import { defineSvcCommand } from '../command.ts'

export default defineSvcCommand({
  description: 'Start the svc server (same as `npm start`; configured by PORT, SVC_DATA_DIR, …)',
  example: 'PORT=8787 SVC_DATA_DIR=./data svc-cli serve',
  effect: 'write',
  async run() {
    // Imported here so no other command pays for loading Elysia.
    const { main } = await import('../../server/main.ts')
    await main()
    return { data: undefined, streamed: true }
  },
})
