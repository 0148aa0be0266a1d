import { useAtomValue } from 'jotai'
import { Navigate, Outlet } from 'react-router-dom'
import { isLoggedInAtom } from '../state/auth'

/** Protected routes send a user without a token to "/". */
export function RequireAuth() {
  return useAtomValue(isLoggedInAtom) ? <Outlet /> : <Navigate to="/" replace />
}

/** "/" and "/signup" send a logged-in user to /home. */
export function PublicOnly() {
  return useAtomValue(isLoggedInAtom) ? <Navigate to="/home" replace /> : <Outlet />
}
