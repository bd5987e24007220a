import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { clearSession } from '@/lib/session'

/**
 * SPEC §4: tell the server (it revokes the token), then ALWAYS clear the local state and go to
 * /login, even when the call fails or the network is down. The API client is imported on demand
 * because the shell that offers Sign Out is part of the first page load.
 */
export function useSignOut() {
  const navigate = useNavigate()
  return useCallback(async () => {
    try {
      const { api, request } = await import('@/api/client')
      await request(api.POST('/auth/logout'), 'Logout failed')
    } catch {
      // The local session ends regardless; a token the server still knows expires on its own.
    } finally {
      // The query cache forgets this person with the session (lib/query-client.ts).
      clearSession()
      navigate('/login', { replace: true })
    }
  }, [navigate])
}
