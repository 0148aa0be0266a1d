/**
 * Addresses of a server's own images. Kept apart from the zod schemas so that the app's first
 * load, which checks every answer's pictures, does not pull in the form rules.
 */

/** An image this server stores (`POST /api/media`) or its default avatar. */
export const OUR_MEDIA = /^\/api\/media\/([A-Za-z0-9_-]{16}|default-avatar\.svg)$/
