import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { redirectRequestAtom } from '../state/navigation'

/** Carries out navigations asked for outside React (see `requestRedirectAtom`). */
export function RedirectListener() {
  const request = useAtomValue(redirectRequestAtom)
  const navigate = useNavigate()
  useEffect(() => {
    if (request) void navigate(request.to, { replace: true })
  }, [request, navigate])
  return null
}
