import { Navigate } from 'react-router-dom'
import { WhosHere } from '../components/WhosHere'
import { useServerFeature } from '../state/server-features'
import { serverFeaturesAtom } from '../state/server-features'
import { useAtomValue } from 'jotai'

/** `/here`: the Who's here list as a screen of its own (phones reach it from the bottom bar). */
export function HerePage() {
  const enabled = useServerFeature('presence')
  const known = useAtomValue(serverFeaturesAtom)
  if (!enabled && known.size > 0) return <Navigate to="/home" replace />
  return (
    <div className="page-single here-page">
      <WhosHere variant="page" />
    </div>
  )
}
