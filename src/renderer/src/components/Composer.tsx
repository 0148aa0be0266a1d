import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { lazyComponent } from '../lib/lazy-component'
import { userAtom } from '../state/auth'
import { openModalAtom } from '../state/modals'
import { useServerFeature } from '../state/server-features'
import { Avatar } from './Avatar'

// Loaded on the first click (docs/desktop.md, "The build that ships").
const SquadCallDialog = lazyComponent(() =>
  import('./SquadCallDialog').then((module) => module.SquadCallDialog),
)

/** A prompt on the feed that opens the New Post modal, and a squad call's form beside it. */
export function Composer() {
  const user = useAtomValue(userAtom)
  const openModal = useSetAtom(openModalAtom)
  const squadCalls = useServerFeature('squad-calls')
  const [calling, setCalling] = useState(false)
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
      {squadCalls ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm composer-squad"
          onClick={() => setCalling(true)}
        >
          Need players?
        </button>
      ) : null}
      {calling ? <SquadCallDialog onClose={() => setCalling(false)} /> : null}
    </div>
  )
}
