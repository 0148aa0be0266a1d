import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { UserSummary } from '../../../shared/api-types'
import { Avatar } from './Avatar'

const PAGE = 20

/** Followers or following, a page of 20 at a time; a name opens the profile. */
export function PeopleList({
  users,
  empty,
  onOpen,
}: {
  users: UserSummary[]
  empty: string
  onOpen: () => void
}) {
  const [shown, setShown] = useState(PAGE)
  if (users.length === 0) return <p className="muted center">{empty}</p>
  return (
    <div className="people">
      <ul className="people-list">
        {users.slice(0, shown).map((user) => (
          <li key={user._id}>
            <Link to={`/${user.username}`} className="people-row" onClick={onOpen}>
              <Avatar src={user.profileImg} username={user.username} size={36} />
              <span className="people-name">{user.username}</span>
            </Link>
          </li>
        ))}
      </ul>
      {shown < users.length ? (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={() => setShown(shown + PAGE)}
        >
          Show more ({users.length - shown} left)
        </button>
      ) : null}
    </div>
  )
}
