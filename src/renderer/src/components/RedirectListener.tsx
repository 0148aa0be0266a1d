import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { redirectRequestAtom } from '../state/navigation'

/** Carries out navigations asked for outside React (see `requestRedirectAtom`). */
export function RedirectListener() {
  const request = useAtomValue(redirectRequestAtom)
  const navigate = useNavigate()
  // `navigate` changes with every address, so the effect runs again after each navigation: a
  // request is carried out once, or a later sign-in would be sent back to it again and again.
  const handled = useRef(0)
  useEffect(() => {
    if (!request || request.id === handled.current) return
    handled.current = request.id
    void navigate(request.to, { replace: true })
  }, [request, navigate])
  return null
}
