// First: it asks for the home feed before the rest of the bundle is evaluated.
import { feedPrefetched } from './prefetch-home'
import { Provider } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { loadAnswerChecks } from './api/answer-checks'
import { configureApi } from './api/client'
import { App } from './App'
import { getBridge } from './bridge/get-bridge'
import { FIRST_SCREEN_ATTRIBUTE } from '../../shared/first-screen'
import { keepFirstScreenCookies } from './lib/first-screen-cookies'
import { notifyError } from './lib/notify'
import { isLoggedInAtom, mustChoosePasswordAtom, tokenAtom } from './state/auth'
import { connectionAtom, connectionChangedAtom } from './state/connection'
import { loadPostListAtom } from './state/posts'
import { markServerReachableAtom, markServerUnreachableAtom } from './state/server-status'
import { endSessionAtom } from './state/session'
import { store } from './state/store'
import { applyTheme, followSystemTheme, themeAtom } from './state/theme'
import './styles/index.css'

applyTheme(store.get(themeAtom))
followSystemTheme(store)

configureApi({
  // Read on every call: after a change of server, the next call goes to the new one.
  getBaseUrl: () => store.get(connectionAtom).baseUrl,
  getToken: () => store.get(tokenAtom),
  // A token the server no longer accepts (or whose user is gone) ends the session: the toast
  // shows the server's sentence (the spec's), the login page says why in words (copy.ts).
  onUnauthorized: (message, end) => {
    store.set(endSessionAtom, end)
    notifyError(message, { toastId: 'session-ended' })
  },
  // A host still on the one-time password (another window, an older session): the app shows
  // "Choose your password" (App.tsx).
  onChoosePasswordFirst: () => store.set(mustChoosePasswordAtom, true),
  onNetworkError: (baseUrl) => store.set(markServerUnreachableAtom, baseUrl),
  onReachable: () => store.set(markServerReachableAtom),
})
// The answer checks load beside the first screen (api/answer-checks.ts): asked for now, they are
// there when the first answer is. A failure is the first call's to report.
loadAnswerChecks().catch(() => undefined)

/** The longest the first render waits for a prefetched feed (prefetch-home.ts). */
const FIRST_FEED_WAIT_MS = 150
/**
 * The same, when the server drew the screen with its posts (server/first-screen.ts): it is on
 * screen already, and drawing skeletons over it would only take the posts away for a moment.
 */
const DRAWN_FEED_WAIT_MS = 3000

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function start() {
  const bridge = getBridge()
  try {
    const connection = await bridge.getConnection()
    store.set(connectionAtom, { ...connection, baseUrl: connection.baseUrl.replace(/\/+$/, '') })
  } catch (error) {
    console.error('Could not read the connection; using this origin', error)
    store.set(connectionAtom, { kind: 'remote', baseUrl: location.origin })
  }
  // Switching servers, from the Server page or elsewhere, logs out of the previous one.
  bridge.onConnectionChange((connection) => store.set(connectionChangedAtom, connection))
  keepFirstScreenCookies(store)

  // Most starts land on the home feed: load it now, not after React has drawn the shell
  // (PostList's own first load then finds it under way, or just loaded).
  if (location.pathname === '/home' && store.get(isLoggedInAtom)) {
    const firstFeed = store.set(loadPostListAtom, 'feed', { reset: true })
    // Asked for early, the feed is usually back already: one first render with the posts in it
    // beats skeletons first and the posts a render later. A slow server costs a bounded wait.
    const drawn = document.querySelector(`[${FIRST_SCREEN_ATTRIBUTE}]`) !== null
    if (feedPrefetched || drawn) {
      await Promise.race([firstFeed, delay(drawn ? DRAWN_FEED_WAIT_MS : FIRST_FEED_WAIT_MS)])
    }
  }

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  )
  // The live stream loads once the first screen is painted: outside the first-load budget, and
  // its code and connection do not hold up the first render. What happens meanwhile is replayed
  // (live/marks.ts).
  afterNextPaint(() => void import('./live/start').then(({ startLive }) => startLive(store)))
}

/** Runs `task` after the next frame is painted (its timer is queued behind the frame's work). */
function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0))
}

void start()
