import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { UserSummary } from '../../../shared/api-types'
import { userAtom } from '../state/auth'
import { conversationsAvailableAtom, startDirectAtom } from '../state/conversations'
import { messageOf, notifyError } from '../lib/notify'
import { Icon } from './Icon'

/**
 * "Message": opens (or starts) the one-to-one with `target` on the Messages page.
 * Hidden for oneself and on a server without conversations.
 */
export function MessageButton({ target, small = false }: { target: UserSummary; small?: boolean }) {
  const me = useAtomValue(userAtom)
  const available = useAtomValue(conversationsAvailableAtom)
  const start = useSetAtom(startDirectAtom)
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  if (!me || me._id === target._id || !available) return null
  const open = async () => {
    setBusy(true)
    try {
      navigate(`/messages/${await start(target._id)}`)
    } catch (error) {
      notifyError(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className={`btn btn-secondary${small ? ' btn-sm' : ''}`}
      aria-label={`Message ${target.username}`}
      disabled={busy}
      onClick={() => void open()}
    >
      <Icon name="message" size={16} />
      {small ? null : ' Message'}
    </button>
  )
}
