import packageJson from '../../package.json' with { type: 'json' }

/** The version of this build, as package.json gives it. */
export const APP_VERSION: string = packageJson.version
