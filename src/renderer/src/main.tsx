import { Provider } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import 'react-toastify/dist/ReactToastify.css'
import { configureApi } from './api/client'
import { App } from './App'
import { getBridge } from './bridge/get-bridge'
import { notifyError } from './lib/notify'
import { isLoggedInAtom, tokenAtom } from './state/auth'
import { connectionAtom, connectionChangedAtom } from './state/connection'
import { loadPostListAtom } from './state/posts'
import { markServerReachableAtom, markServerUnreachableAtom } from './state/server-status'
import { endSessionAtom } from './state/session'
import { store } from './state/store'
import { applyTheme, themeAtom } from './state/theme'
import './styles/index.css'

applyTheme(store.get(themeAtom))

configureApi({
  // Read on every call: after a change of server, the next call goes to the new one.
  getBaseUrl: () => store.get(connectionAtom).baseUrl,
  getToken: () => store.get(tokenAtom),
  // A token the server no longer accepts (or whose user is gone) ends the session with its reason.
  onUnauthorized: (message) => {
    store.set(endSessionAtom)
    notifyError(message, { toastId: 'session-ended' })
  },
  onNetworkError: (baseUrl) => store.set(markServerUnreachableAtom, baseUrl),
  onReachable: () => store.set(markServerReachableAtom),
})

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

  // Most starts land on the home feed: ask the server for it now, while React draws the shell,
  // not after (PostList's own first load then finds it under way).
  if (location.pathname === '/home' && store.get(isLoggedInAtom)) {
    void store.set(loadPostListAtom, 'feed', { reset: true })
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
  // The live stream loads after the first screen, outside the first-load budget.
  void import('./live/start').then(({ startLive }) => startLive(store))
}

void start()
