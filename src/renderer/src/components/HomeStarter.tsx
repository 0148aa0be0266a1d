import { useAtomValue } from 'jotai'
import { Link } from 'react-router-dom'
import { SPEC_TEXT } from '../copy'
import { GAME_CATALOGUE_COPY } from '../copy-games'
import { suggestionsAtom } from '../state/users'
import { PostList } from './PostList'
import { EmptyState } from './States'
import { SuggestionItem } from './Suggestions'
import '../styles/games.css'
import { SCREENS_COPY } from '../copy-screens'

/** Players suggested in the feed's place: the first few of the people panel's list. */
const PEOPLE = 3

/**
 * Home while the feed is empty (a new account follows nobody yet): the spec's empty-feed line,
 * a few players to follow (the people panel's suggestions, which it loads), and the server's
 * popular posts (Explore's "by likes"), rather than an empty page.
 */
export function HomeStarter() {
  const { users } = useAtomValue(suggestionsAtom)
  const people = users.slice(0, PEOPLE)
  return (
    <div className="home-starter">
      <EmptyState title={SPEC_TEXT.homeEmpty}>
        <p className="empty-hint">{GAME_CATALOGUE_COPY.starterLead}</p>
        <Link to="/explore" className="btn btn-primary">
          Explore
        </Link>
      </EmptyState>
      {people.length > 0 ? (
        <section className="card home-starter-people" aria-labelledby="starter-people-title">
          <h2 id="starter-people-title" className="panel-title">
            {GAME_CATALOGUE_COPY.starterPeople}
          </h2>
          <ul className="suggestion-list">
            {people.map((user) => (
              <SuggestionItem key={user._id} user={user} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="starter-popular-title">
        <h2 id="starter-popular-title" className="section-title">
          {GAME_CATALOGUE_COPY.starterPopular}
        </h2>
        <PostList
          listKey="explore:likes"
          empty={<EmptyState title={SCREENS_COPY.explore.empty} />}
        />
      </section>
    </div>
  )
}
