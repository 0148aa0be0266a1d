/** RFC 7240's `Prefer: return=minimal`: the client asks for just the changed object. */
import type { Context } from 'hono'

/** True when the request carries RFC 7240's `Prefer: return=minimal`; sets no header. */
export function asksForMinimal(c: Context): boolean {
  return prefersMinimal(c.req.header('prefer'))
}

/** Whether a `Prefer` header's value asks for `return=minimal`. */
export function prefersMinimal(prefer: string | undefined): boolean {
  return /(^|[,;\s])return=minimal($|[,;\s])/i.test(prefer ?? '')
}

/** True when the client asked for just the changed object (RFC 7240 `Prefer: return=minimal`). */
export function wantsMinimal(c: Context): boolean {
  const minimal = asksForMinimal(c)
  if (minimal) c.header('Preference-Applied', 'return=minimal')
  return minimal
}
