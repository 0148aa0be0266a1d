import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { GameNight } from '../../../shared/game-night-types'
import { GAME_NIGHT_COPY } from '../copy-game-nights'
import { messageOf, notifyError } from '../lib/notify'
import { userAtom } from '../state/auth'
import { startWithEveryoneAtom } from '../state/start-conversation'
import { conversationsAvailableAtom } from '../state/conversations'
import { Icon } from './Icon'

/**
 * "Message everyone going" on a game night's page, for its host and those going: a group of
 * everyone going (named after the night), or the one-to-one when there is one other.
 */
export function MessageGoingButton({ night }: { night: GameNight }) {
  const me = useAtomValue(userAtom)?._id
  const available = useAtomValue(conversationsAvailableAtom)
  const start = useSetAtom(startWithEveryoneAtom)
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const going = night.going.map((user) => user._id)
  const others = going.filter((id) => id !== me)
  const mayAsk = night.isHost || night.myAnswer === 'going'
  if (!me || !available || !mayAsk || others.length === 0 || night.status === 'cancelled') {
    return null
  }
  const open = async () => {
    setBusy(true)
    try {
      navigate(`/messages/${await start({ userIds: others, name: night.title })}`)
    } catch (error) {
      notifyError(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void open()}>
      <Icon name="message" size={16} />{' '}
      {others.length === 1
        ? GAME_NIGHT_COPY.messageOne(night.going.find((user) => user._id !== me)?.username ?? '')
        : GAME_NIGHT_COPY.messageGoing}
    </button>
  )
}
