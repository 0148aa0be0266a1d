/**
 * Extra sign-up fields (SPEC section 3: "Extra sign-up fields are stored as given"; docs/decisions.md): which of them a user object may carry.
 */

/** Keys of extra sign-up fields that are never stored: they could hold a secret. */
const SECRET_KEY = /pass|hash|secret|token|salt/i
const EXTRA_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/
const MAX_EXTRA_FIELDS = 20
/**
 * Keys of what the server decides about a user, never a sign-up: flags (`isHost`, `hasVerified`,
 * `canModerate`) and roles or states. A client reading `isHost: true` on a profile must be able
 * to trust that the server said it.
 */
const FLAG_KEY = /^(is|has|can)[A-Z_]/
const SERVER_DECIDED_KEYS = new Set(
  [
    'admin',
    'administrator',
    'banned',
    'blocked',
    'host',
    'level',
    'mod',
    'moderator',
    'muted',
    'online',
    'owner',
    'permission',
    'permissions',
    'rank',
    'role',
    'roles',
    'scope',
    'scopes',
    'staff',
    'status',
    'suspended',
    'trusted',
    'verified',
  ].map((key) => key.toLowerCase()),
)

const isStorableExtra = (key: string) =>
  EXTRA_KEY.test(key) &&
  !SECRET_KEY.test(key) &&
  !FLAG_KEY.test(key) &&
  !SERVER_DECIDED_KEYS.has(key.toLowerCase())

/**
 * The extra sign-up fields kept with a user (SPEC section 3: "stored as given"): plain, short
 * named values, at most 20, never one that looks like a secret (e.g. a `confirmPassword` field
 * of a sign-up form), since every user's fields are public, and never one the server decides
 * (a role or a flag such as `isHost`). Applied when stored and again when shown, so a field
 * stored before a name was added here is no longer published.
 */
export function publicExtras(extra: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(extra)
      .filter(([key]) => isStorableExtra(key))
      .slice(0, MAX_EXTRA_FIELDS),
  )
}
