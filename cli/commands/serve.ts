import { defineSvcCommand, intArg } from '../command.ts'
import { applyEnvFile, envFileArg } from '../env-file.ts'
import { dataDirArg } from './_local.ts'

export default defineSvcCommand({
  description:
    'Start the svc server (same as `npm start`); every other setting is an environment variable (README: Configuration); reads no .env unless given --env-file',
  example: 'svc-cli serve --port 8787 --data-dir ./data     # or: PORT=8787 SVC_DATA_DIR=./data svc-cli serve',
  effect: 'write',
  // The server reads its own settings; --server, --token and --timeout are a client's.
  clientFlags: false,
  args: {
    port: {
      type: 'string',
      description: 'TCP port to listen on (else PORT, else 8787; 0 picks a free port)',
      valueHint: 'port',
    },
    host: {
      type: 'string',
      description: 'Interface to bind (else HOST, else 127.0.0.1; 0.0.0.0 on a VPS behind a TLS proxy)',
      valueHint: 'host',
    },
    ...dataDirArg,
    ...envFileArg,
  },
  async run(args, env) {
    const port = intArg(args.port, 'port', 0, 65535)
    const host = args.host?.trim()
    if (args['env-file']) {
      const { file, names } = applyEnvFile(args['env-file'], process.env)
      void env.io.stderr.write(
        `svc: read ${names.length ? names.join(', ') : 'no new settings'} from ${file} (--env-file; the environment wins)\n`,
      )
    }
    // The flags win over the environment (and the env file) they stand for; the server reads its settings from there.
    if (port !== undefined) process.env.PORT = String(port)
    if (host) process.env.HOST = host
    if (args['data-dir']?.trim()) process.env.SVC_DATA_DIR = args['data-dir'].trim()
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
