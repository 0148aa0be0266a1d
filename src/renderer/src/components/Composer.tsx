import { useAtomValue, useSetAtom } from 'jotai'
import { userAtom } from '../state/auth'
import { openModalAtom } from '../state/modals'
import { Avatar } from './Avatar'

/** A prompt on the feed that opens the New Post modal. */
export function Composer() {
  const user = useAtomValue(userAtom)
  const openModal = useSetAtom(openModalAtom)
  if (!user) return null
  return (
    <div className="card composer">
      <Avatar src={user.profileImg} username={user.username} size={40} />
      <button
        type="button"
        className="composer-prompt"
        onClick={() => openModal({ kind: 'newPost' })}
      >
        What's happening in your game, {user.username}?
      </button>
    </div>
  )
}
