import { Provider } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import 'react-toastify/dist/ReactToastify.css'
import { configureApi } from './api/client'
import { App } from './App'
import { getBridge } from './bridge/get-bridge'
import { tokenAtom } from './state/auth'
import { logoutAtom } from './state/session'
import { store } from './state/store'
import { applyTheme, themeAtom } from './state/theme'
import './styles/index.css'

applyTheme(store.get(themeAtom))

configureApi({
  getToken: () => store.get(tokenAtom),
  // A token the server no longer accepts ends the session; the guards send the user to "/".
  onUnauthorized: () => store.set(logoutAtom),
})

async function start() {
  const bridge = getBridge()
  try {
    configureApi({ baseUrl: (await bridge.getConnection()).baseUrl })
  } catch (error) {
    console.error('Could not read the connection; using this origin', error)
    configureApi({ baseUrl: location.origin })
  }
  // Switching servers logs out of the previous one (DESIGN section 1).
  bridge.onConnectionChange((connection) => {
    configureApi({ baseUrl: connection.baseUrl })
    store.set(logoutAtom)
  })

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
}

void start()
