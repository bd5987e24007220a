import { Navigate, Outlet } from 'react-router'
import type { Role } from '@/api/types'
import { useSession } from '@/lib/session'

/** /login and /register: a logged-in visitor goes to their home, /admin for an admin, else /dashboard. */
export function LoggedOutOnly() {
  const { isLoggedIn, role } = useSession()
  if (!isLoggedIn) return <Outlet />
  // Each role lands where it works: an admin has no dashboard of requests, but the admin panel.
  return <Navigate to={role === 'admin' ? '/admin' : '/dashboard'} replace />
}

/** Any logged-in user; others go to /login. */
export function RequireAuth() {
  const { isLoggedIn } = useSession()
  return isLoggedIn ? <Outlet /> : <Navigate to="/login" replace />
}

/**
 * One role only; everyone else goes to /login (SPEC §2 route table). With `allowLoggedOut` a
 * logged-out visitor sees the screen, which then says why it is sending them to /login.
 */
export function RequireRole({ role, allowLoggedOut = false }: { role: Role; allowLoggedOut?: boolean }) {
  const session = useSession()
  const allowed = session.isLoggedIn ? session.role === role : allowLoggedOut
  return allowed ? <Outlet /> : <Navigate to="/login" replace />
}
