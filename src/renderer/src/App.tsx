import { useAtomValue } from 'jotai'
import { Suspense, lazy } from 'react'
import type { ComponentType } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { AppLayout } from './components/AppLayout'
import { CertificateAlarm } from './components/CertificateAlarm'
import { RedirectListener } from './components/RedirectListener'
import { RouteFocus } from './components/RouteFocus'
import { PublicOnly, RequireAuth } from './components/RouteGuards'
import { ServerBanner } from './components/ServerBanner'
import { HomePage } from './routes/HomePage'
import { LoginPage } from './routes/LoginPage'
import { Spinner } from './components/Spinner'
import { mustChoosePasswordAtom } from './state/auth'

/**
 * One screen's module, loaded on first use. Only the screens a fresh start lands on (sign-in and
 * Home) are in the first load, which keeps it within its budget (docs/desktop.md, "The build that ships");
 * the others come in small chunks the server sends in a few milliseconds.
 */
function lazyScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  label: string,
): ComponentType<Props> {
  const Screen = lazy(() => load().then((component) => ({ default: component })))
  return function LazyScreen(props: Props) {
    return (
      <Suspense fallback={<Spinner label={label} />}>
        <Screen {...props} />
      </Suspense>
    )
  }
}

const HerePage = lazyScreen(
  () => import('./routes/HerePage').then((module) => module.HerePage),
  'Loading who’s here',
)
const SignupPage = lazyScreen(
  () => import('./routes/SignupPage').then((module) => module.SignupPage),
  'Loading sign-up',
)
const ExplorePage = lazyScreen(
  () => import('./routes/ExplorePage').then((module) => module.ExplorePage),
  'Loading Explore',
)
const BookmarksPage = lazyScreen(
  () => import('./routes/BookmarksPage').then((module) => module.BookmarksPage),
  'Loading your bookmarks',
)
const PostPage = lazyScreen(
  () => import('./routes/PostPage').then((module) => module.PostPage),
  'Loading the post',
)
const ProfilePage = lazyScreen(
  () => import('./routes/ProfilePage').then((module) => module.ProfilePage),
  'Loading the profile',
)
const AccountPage = lazyScreen(
  () => import('./routes/AccountPage').then((module) => module.AccountPage),
  'Loading your account',
)
const NotificationsPage = lazyScreen(
  () => import('./routes/NotificationsPage').then((module) => module.NotificationsPage),
  'Loading your notifications',
)
const NotificationSettingsPage = lazyScreen(
  () =>
    import('./routes/NotificationSettingsPage').then((module) => module.NotificationSettingsPage),
  'Loading your notification settings',
)
const SearchPage = lazyScreen(
  () => import('./routes/SearchPage').then((module) => module.SearchPage),
  'Loading the search',
)
const TagPage = lazyScreen(
  () => import('./routes/TagPage').then((module) => module.TagPage),
  'Loading the tag',
)
const GamePage = lazyScreen(
  () => import('./routes/GamePage').then((module) => module.GamePage),
  'Loading the game',
)
const GamesPage = lazyScreen(
  () => import('./routes/GamesPage').then((module) => module.GamesPage),
  'Loading games',
)
const MessagesPage = lazyScreen(
  () => import('./routes/MessagesPage').then((module) => module.MessagesPage),
  'Loading your messages',
)
const GameNightsPage = lazyScreen(
  () => import('./routes/GameNightsPage').then((module) => module.GameNightsPage),
  'Loading game nights',
)
const GameNightPage = lazyScreen(
  () => import('./routes/GameNightPage').then((module) => module.GameNightPage),
  'Loading the game night',
)
const NewGameNightPage = lazyScreen(
  () => import('./routes/GameNightFormPage').then((module) => module.NewGameNightPage),
  'Loading the form',
)
const EditGameNightPage = lazyScreen(
  () => import('./routes/GameNightFormPage').then((module) => module.EditGameNightPage),
  'Loading the form',
)
const ChoosePasswordPage = lazyScreen(
  () => import('./routes/ChoosePasswordPage').then((module) => module.ChoosePasswordPage),
  'Loading',
)
const ServerRoute = lazyScreen(
  () => import('./routes/ServerPage').then((module) => module.ServerRoute),
  'Loading the server settings',
)

/** Toasts come in their own chunk, after the first render (lib/notify.ts). */
const Toasts = lazy(() =>
  import('./components/Toasts').then((module) => ({ default: module.Toasts })),
)

/**
 * Every screen at its path; each first segment is a reserved username (docs/decisions.md). An
 * account on its one-time password sees "Choose your password" and nothing else (docs/features.md,
 * "Who hosts a server"), at a path of two segments, which no profile's address can be.
 */
export function App() {
  const mustChoosePassword = useAtomValue(mustChoosePasswordAtom)
  return (
    <>
      <ServerBanner />
      <CertificateAlarm />
      <RedirectListener />
      <RouteFocus />
      {mustChoosePassword ? (
        <Routes>
          <Route path="/welcome/choose-password" element={<ChoosePasswordPage />} />
          <Route path="*" element={<Navigate to="/welcome/choose-password" replace />} />
        </Routes>
      ) : (
        <AllRoutes />
      )}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </>
  )
}

function AllRoutes() {
  return (
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
          {/* `notifications` and `tags` cannot be usernames (docs/API.md, "Notifications"). */}
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="/notifications/settings" element={<NotificationSettingsPage />} />
          <Route path="/tags/:tag" element={<TagPage />} />
          <Route path="/here" element={<HerePage />} />
          {/* Conversations: `messages` cannot be a username (shared/limits.ts). */}
          <Route path="/messages" element={<MessagesPage />} />
          <Route path="/messages/:conversationId" element={<MessagesPage />} />
          <Route path="/tags" element={<Navigate to="/explore" replace />} />
          {/* `search` cannot be a username either (shared/limits.ts). */}
          <Route path="/search" element={<SearchPage />} />
          <Route path="/games/:slug" element={<GamePage />} />
          {/* Game nights: `game-nights` cannot be a username (shared/limits.ts). */}
          <Route path="/game-nights" element={<GameNightsPage />} />
          <Route path="/game-nights/new" element={<NewGameNightPage />} />
          <Route path="/game-nights/:gameNightId" element={<GameNightPage />} />
          <Route path="/game-nights/:gameNightId/edit" element={<EditGameNightPage />} />
          <Route path="/games" element={<GamesPage />} />
          <Route path="/:username" element={<ProfilePage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  )
}
