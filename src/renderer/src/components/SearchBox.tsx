import { useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useUserSearch } from '../state/search'
import { Avatar } from './Avatar'
import { Icon } from './Icon'
import { profilePath } from '../lib/paths'
import { SPEC_TEXT } from '../copy'

/** User search in the top bar: prefix matches in a dropdown, each opening the profile. */
export function SearchBox() {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const { users, status, error, query } = useUserSearch(text)
  const loading = status === 'loading'
  const navigate = useNavigate()
  const listId = useId()
  const trimmed = text.trim()
  const settled = query === trimmed && !loading
  const showDropdown = open && trimmed.length > 0

  const go = (username: string) => {
    setText('')
    setOpen(false)
    setActive(-1)
    navigate(profilePath(username))
  }

  return (
    <div
      className="search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <Icon name="search" size={18} className="search-icon" />
      <input
        type="search"
        role="combobox"
        aria-label="Search users"
        aria-expanded={showDropdown}
        aria-controls={listId}
        aria-autocomplete="list"
        placeholder={SPEC_TEXT.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setOpen(false)
          } else if (event.key === 'ArrowDown') {
            event.preventDefault()
            setActive((i) => Math.min(users.length - 1, i + 1))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((i) => Math.max(-1, i - 1))
          } else if (event.key === 'Enter') {
            const pick = users[active] ?? (users.length === 1 ? users[0] : undefined)
            if (pick) go(pick.username)
          }
        }}
      />
      {showDropdown ? (
        <div className="search-dropdown card" id={listId} role="listbox" aria-label="Users">
          {!settled ? (
            <p className="search-note">Searching…</p>
          ) : error ? (
            <p className="search-note">{error}</p>
          ) : users.length === 0 ? (
            <p className="search-note">{SPEC_TEXT.noUserFound}</p>
          ) : (
            users.map((user, index) => (
              <button
                type="button"
                role="option"
                aria-selected={index === active}
                key={user._id}
                className={`search-result${index === active ? ' active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(user.username)}
              >
                <Avatar src={user.profileImg} username={user.username} size={32} />
                <span className="search-result-text">
                  <span className="search-result-name">{user.username}</span>
                  <span className="muted small">
                    {user.followerCount} {user.followerCount === 1 ? 'follower' : 'followers'}
                  </span>
                </span>
              </button>
            ))
          )}
        </div>
      ) : null}
    </div>
  )
}
