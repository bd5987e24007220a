import { useEffect, useRef } from 'react'
import { BrowserRouter, useLocation, useNavigate } from 'react-router'
import { setUnauthorizedHandler } from '@/lib/unauthorized'
import { AppRoutes } from './routes'

/** Lets the API client send a 401 to /login without reloading the app (SPEC §4). */
export function UnauthorizedRedirect() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const path = useRef(pathname)
  useEffect(() => {
    path.current = pathname
  }, [pathname])
  useEffect(() => {
    setUnauthorizedHandler({
      currentPath: () => path.current,
      redirect: () => navigate('/login', { replace: true }),
    })
  }, [navigate])
  return null
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <AppRoutes />
    </BrowserRouter>
  )
}
