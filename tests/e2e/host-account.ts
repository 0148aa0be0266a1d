/**
 * The account that hosts the e2e servers (`--admin`, README "Moderation"): start-server.ts has
 * the server make it and gives it this password; tests/e2e/moderation.spec.ts signs in with it.
 */
export const E2E_HOST = { username: 'e2e_host', password: 'supersecret1' } as const
