import { atom } from 'jotai'

export interface RedirectRequest {
  to: string
  /** Makes two requests for the same path distinct. */
  id: number
}

/**
 * A navigation asked for outside React (a bridge event, the API client); `RedirectListener`
 * inside the router carries it out.
 */
export const redirectRequestAtom = atom<RedirectRequest | null>(null)

export const requestRedirectAtom = atom(null, (get, set, to: string) => {
  set(redirectRequestAtom, { to, id: (get(redirectRequestAtom)?.id ?? 0) + 1 })
})
