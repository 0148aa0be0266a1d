/**
 * scrypt's costs, apart from the hashing itself (password.ts, which re-exports them) so that the
 * browser tests can name the test cost's switch without loading the server.
 */

/** scrypt's cost parameters; every hash stores the ones it was made with. */
export interface ScryptCost {
  readonly N: number
  readonly r: number
  readonly p: number
}

/**
 * The cost of new hashes. `npm run bench -- --scrypt` measures each N on the machine (docs/security.md): on our 2-core test box N=2^17 (OWASP's floor) takes ~0.9 s a hash, past the login
 * budget of half a second, while N=2^16 fits it. Each hash holds 128·N·r bytes (64 MB) while it
 * runs. Hashes made with other parameters keep verifying (they are stored with the hash) and
 * are redone at this cost on the next successful login.
 */
export const SCRYPT_PARAMS: ScryptCost = { N: 2 ** 16, r: 8, p: 1 }

/**
 * A cost for tests only, 64 times cheaper (1 MB, a few milliseconds): the suites sign up and log
 * in hundreds of accounts. Nothing uses it unless a test asks (the `passwordCost` of AppDeps and
 * StartServerOptions, or GAMERSTAGE_INSECURE_FAST_PASSWORDS=1 for `node out/server/cli.js`).
 * Its hashes carry their parameters like any other, so they still verify on a real server,
 * which redoes them at SCRYPT_PARAMS on the next login.
 */
export const TEST_SCRYPT_PARAMS: ScryptCost = { N: 2 ** 10, r: 8, p: 1 }

/**
 * Tests only: set to 1, `node out/server/cli.js` hashes new passwords at TEST_SCRYPT_PARAMS, so
 * that the servers the browser and hardening tests start sign up hundreds of accounts in seconds
 * (cli.ts, passwordCostFromEnv).
 */
export const FAST_PASSWORDS_ENV = 'GAMERSTAGE_INSECURE_FAST_PASSWORDS'
