/**
 * The server's side of a fast first screen (docs/PERFORMANCE.md, "First screen"): the Gamerstage
 * server draws a signed-in /home with this module, built into out/renderer-ssr, so the posts are
 * in the page itself and on screen before the app's code has even loaded. The app then draws the
 * same screen in the browser and takes over (main.tsx): nothing here has to match it exactly.
 *
 * It runs in Node, per request: one store each, no storage, no window.
 */
import { Provider, createStore } from 'jotai'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { ANSWERS } from '../../shared/answer-schemas'
import type { RenderFirstScreen } from '../../shared/first-screen'
import { App } from './App'
import { seedSessionAtom } from './state/auth'
import { connectionAtom } from './state/connection'
import { EMPTY_LIST } from './state/lists'
import { postListsAtom, upsertPostsAtom } from './state/posts'
import { seedThemeAtom } from './state/theme'

export const renderFirstScreen: RenderFirstScreen = ({ origin, token, session, feed, theme }) => {
  // The same checks the app puts the server's answers through, so both draw the same thing.
  const user = ANSWERS.user.safeParse(session)
  const page = ANSWERS.postsPage.safeParse(feed)
  if (!user.success || !page.success) return null

  const store = createStore()
  store.set(connectionAtom, { kind: 'remote', baseUrl: origin })
  store.set(seedSessionAtom, { user: user.data.user, token })
  store.set(seedThemeAtom, theme)
  store.set(upsertPostsAtom, page.data.posts)
  store.set(postListsAtom, {
    feed: {
      ...EMPTY_LIST,
      ids: page.data.posts.map((post) => post._id),
      nextCursor: page.data.nextCursor ?? null,
      status: 'ready',
      loaded: true,
    },
  })
  return renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouter location="/home">
          <App />
        </StaticRouter>
      </Provider>
    </StrictMode>,
  )
}
