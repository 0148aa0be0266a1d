import { Suspense, lazy } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { Bounce, ToastContainer } from 'react-toastify'
import { useAtomValue } from 'jotai'
import { AppLayout } from './components/AppLayout'
import { RedirectListener } from './components/RedirectListener'
import { RouteFocus } from './components/RouteFocus'
import { PublicOnly, RequireAuth } from './components/RouteGuards'
import { ServerBanner } from './components/ServerBanner'
import { BookmarksPage } from './routes/BookmarksPage'
import { ExplorePage } from './routes/ExplorePage'
import { HomePage } from './routes/HomePage'
import { LoginPage } from './routes/LoginPage'
import { PostPage } from './routes/PostPage'
import { ProfilePage } from './routes/ProfilePage'
import { SignupPage } from './routes/SignupPage'
import { Spinner } from './components/Spinner'
import { themeAtom } from './state/theme'

/**
 * Screens seldom opened load on first use, with their own rules (zod): the first load stays
 * within its budget (README, "The build that ships").
 */
const AccountPage = lazy(() =>
  import('./routes/AccountPage').then((module) => ({ default: module.AccountPage })),
)
const ServerRoute = lazy(() =>
  import('./routes/ServerPage').then((module) => ({ default: module.ServerRoute })),
)

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
        <Route
          path="/server"
          element={
            <Suspense fallback={<Spinner label="Loading the server settings" />}>
              <ServerRoute />
            </Suspense>
          }
        />
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route path="/home" element={<HomePage />} />
            <Route path="/explore" element={<ExplorePage />} />
            <Route path="/bookmarks" element={<BookmarksPage />} />
            <Route path="/post/:postId" element={<PostPage />} />
            <Route
              path="/settings"
              element={
                <Suspense fallback={<Spinner label="Loading your account" />}>
                  <AccountPage />
                </Suspense>
              }
            />
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
