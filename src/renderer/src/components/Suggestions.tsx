import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import type { UserListItem } from '../../../shared/api-types'
import { loadSuggestionsAtom, suggestionsAtom } from '../state/users'
import { Avatar } from './Avatar'
import { FollowButton } from './FollowButton'
import { Spinner } from './Spinner'
import { profilePath } from '../lib/paths'
import { COPY, SPEC_TEXT } from '../copy'
import { userAtom } from '../state/auth'

/** The "Some amazing people" panel: people the viewer does not follow yet. */
export function Suggestions() {
  const { users, status, loaded, error } = useAtomValue(suggestionsAtom)
  // Not asked for yet (the first render, or the server's first screen) is loading too: saying
  // "you follow everyone" before the answer came would be a guess.
  const loading = status === 'loading' || (!loaded && !error)
  const load = useSetAtom(loadSuggestionsAtom)
  // Nobody left to suggest: either the viewer follows everyone, or nobody else is here yet.
  const followsSomeone = (useAtomValue(userAtom)?.followingCount ?? 0) > 0

  useEffect(() => {
    void load()
  }, [load])

  return (
    <aside className="card suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className="panel-title">
        {SPEC_TEXT.suggestionsTitle}
      </h2>
      {loading && users.length === 0 ? <Spinner label={COPY.suggestions.loading} /> : null}
      {error && users.length === 0 ? (
        <p className="muted small">
          {error}{' '}
          <button type="button" className="link-btn" onClick={() => void load()}>
            {COPY.suggestions.retry}
          </button>
        </p>
      ) : null}
      {!loading && !error && users.length === 0 ? (
        <p className="muted small">
          {followsSomeone ? COPY.suggestions.followingEveryone : COPY.suggestions.nobodyElse}
        </p>
      ) : null}
      <ul className="suggestion-list">
        {users.map((user) => (
          <SuggestionItem key={user._id} user={user} />
        ))}
      </ul>
    </aside>
  )
}

/** One suggested player: avatar, name and followers linking to the profile, and Follow. */
export function SuggestionItem({ user }: { user: UserListItem }) {
  return (
    <li className="suggestion">
      <Link to={profilePath(user.username)} className="suggestion-user">
        <Avatar src={user.profileImg} username={user.username} size={40} presenceOf={user._id} />
        <span className="suggestion-text">
          <span className="suggestion-name">{user.username}</span>
          <span className="muted small">
            {user.followerCount} {user.followerCount === 1 ? 'follower' : 'followers'}
          </span>
        </span>
      </Link>
      <FollowButton target={user} small />
    </li>
  )
}
