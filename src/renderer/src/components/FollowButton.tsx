import { useAtomValue, useSetAtom } from 'jotai'
import type { UserSummary } from '../../../shared/api-types'
import { userAtom } from '../state/auth'
import { shownFollowingNamesAtom, toggleFollowAtom } from '../state/users'

/** Follow / Following toggle; hidden for oneself. */
export function FollowButton({ target, small = false }: { target: UserSummary; small?: boolean }) {
  const me = useAtomValue(userAtom)
  const following = useAtomValue(shownFollowingNamesAtom).has(target.username)
  const toggle = useSetAtom(toggleFollowAtom)
  if (!me || me.username === target.username) return null
  return (
    <button
      type="button"
      className={`btn ${following ? 'btn-secondary following' : 'btn-primary'}${small ? ' btn-sm' : ''}`}
      aria-pressed={following}
      aria-label={`${following ? 'Following' : 'Follow'} ${target.username}`}
      onClick={() => void toggle(target)}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  )
}
