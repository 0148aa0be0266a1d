import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { PostList } from '../components/PostList'
import { Suggestions } from '../components/Suggestions'
import { Composer } from '../components/Composer'
import { COPY, SPEC_TEXT } from '../copy'
import { isNewcomerAtom } from '../state/session'
import { useServerFeature } from '../state/server-features'
import { lazyComponent } from '../lib/lazy-component'

/** The open squad calls, on top while there are some: loaded after the first screen. */
const SquadCallList = lazy(() =>
  import('../components/SquadCallList').then((module) => ({ default: module.SquadCallList })),
)

/**
 * What an empty feed shows: loaded only when the feed is empty (a new account's), not in the
 * first load every return pays for (docs/PERFORMANCE.md, "First load").
 */
const HomeStarter = lazy(() =>
  import('../components/HomeStarter').then((module) => ({ default: module.HomeStarter })),
)

/** "Starting now": the viewer's game nights on now, at the top; loaded on first use. */
const NightsOnNow = lazyComponent(() =>
  import('../components/NightsOnNow').then((module) => module.NightsOnNow),
)

export function HomePage() {
  // The spec's heading stays "Welcome Back..." for everyone; the session that signed up is a
  // first visit, greeted as one in the line under it.
  const newcomer = useAtomValue(isNewcomerAtom)
  const squadCalls = useServerFeature('squad-calls')
  return (
    <div className="page-with-aside">
      <div className="page-head">
        <h1 id="home-title" className="page-title">
          {SPEC_TEXT.homeTitle}
        </h1>
        {newcomer ? (
          <p className="page-lead muted">
            <strong>{COPY.home.newcomerGreeting}</strong> {COPY.home.newcomerLead}
          </p>
        ) : null}
      </div>
      <section className="page-main" data-main-column aria-labelledby="home-title">
        {squadCalls ? (
          <Suspense fallback={null}>
            <SquadCallList />
          </Suspense>
        ) : null}
        <NightsOnNow scope="mine" variant="home" />
        <Composer />
        <PostList
          listKey="feed"
          // An empty feed (a new account follows nobody yet): people and popular posts instead.
          empty={
            <Suspense fallback={null}>
              <HomeStarter />
            </Suspense>
          }
        />
      </section>
      <Suggestions />
    </div>
  )
}
