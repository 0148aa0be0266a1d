import { LIMITS } from '../../shared/limits'
import { prefetch } from './api/client'
import { inDesktopApp } from './bridge/get-bridge'
import { isLoggedInAtom, tokenAtom } from './state/auth'
import { store } from './state/store'

/**
 * A signed-in start on /home asks for the feed at once. main.tsx imports this module first, so
 * it runs before React and the rest of the bundle are evaluated (a few hundred milliseconds on a
 * slow machine) and the feed is back when the first render wants it (docs/PERFORMANCE.md).
 * `api/posts.ts`'s `getFeed` then takes this answer: same address, same token.
 *
 * Only in a browser, where the API is the page's own origin. The desktop window may be
 * connected to another server, which its bridge reports only asynchronously.
 */
export const feedPrefetched =
  !inDesktopApp() && location.pathname === '/home' && store.get(isLoggedInAtom)

if (feedPrefetched) {
  prefetch({ baseUrl: location.origin, token: store.get(tokenAtom) }, '/feed', {
    limit: LIMITS.pageSizeDefault,
  })
}
