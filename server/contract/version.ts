import pkg from '../../package.json' with { type: 'json' }

/** The package version, reported by /api/v3/health and `svc-cli --version`. */
export const VERSION: string = pkg.version
