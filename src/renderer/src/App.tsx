import { Navigate, Route, Routes } from 'react-router-dom'
import { Bounce, ToastContainer } from 'react-toastify'
import { useAtomValue } from 'jotai'
import { AppLayout } from './components/AppLayout'
import { RedirectListener } from './components/RedirectListener'
import { RouteFocus } from './components/RouteFocus'
import { PublicOnly, RequireAuth } from './components/RouteGuards'
import { ServerBanner } from './components/ServerBanner'
import { AccountPage } from './routes/AccountPage'
import { BookmarksPage } from './routes/BookmarksPage'
import { ExplorePage } from './routes/ExplorePage'
import { HomePage } from './routes/HomePage'
import { LoginPage } from './routes/LoginPage'
import { PostPage } from './routes/PostPage'
import { ProfilePage } from './routes/ProfilePage'
import { ServerRoute } from './routes/ServerPage'
import { SignupPage } from './routes/SignupPage'
import { themeAtom } from './state/theme'

/** The routes of SPEC section 2, plus `/server` (a reserved username) for the desktop app. */
export function App() {
  const theme = useAtomValue(themeAtom)
  return (
    <>
      <ServerBanner />
      <RedirectListener />
      <RouteFocus />
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
        </Route>
        <Route path="/server" element={<ServerRoute />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route path="/home" element={<HomePage />} />
            <Route path="/explore" element={<ExplorePage />} />
            <Route path="/bookmarks" element={<BookmarksPage />} />
            <Route path="/post/:postId" element={<PostPage />} />
            <Route path="/settings" element={<AccountPage />} />
            <Route path="/:username" element={<ProfilePage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/home" replace />} />
      </Routes>
      <ToastContainer
        position="top-right"
        autoClose={5000}
        draggable
        draggablePercent={80}
        theme={theme === 'dark' ? 'dark' : 'light'}
        transition={Bounce}
        newestOnTop
      />
    </>
  )
}
