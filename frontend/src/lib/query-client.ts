import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/api/errors'
import { onLanguageShown } from './i18n'
import { refetchInNewLanguage } from './language-queries'
import { setMaintenance } from './maintenance'
import { getSession, onSessionChange } from './session'

/** Any call answered 503 "maintenance" switches the shell to the maintenance screen. */
function noticeMaintenance(error: unknown) {
  if (error instanceof ApiError && error.status === 503 && error.code === 'maintenance') setMaintenance(true)
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noticeMaintenance }),
    mutationCache: new MutationCache({ onError: noticeMaintenance }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        // Nor will maintenance mode (503 "maintenance").
        retry: (count, error) =>
          !(
            error instanceof ApiError &&
            ((error.status >= 400 && error.status < 500) || error.code === 'maintenance')
          ) && count < 2,
      },
      mutations: { retry: false },
    },
  })
}

let appClient: QueryClient | null = null

/**
 * The app's one query client, made when the first screen that asks the server loads
 * (TanStack Query is not part of the landing page's first load; `app/query-layer` provides it).
 */
export function getQueryClient(): QueryClient {
  if (!appClient) {
    const client = createQueryClient()
    forgetOnSessionEnd(client)
    // The shell's language switch cannot reach the client (the query library is not part of it).
    onLanguageShown(() => void refetchInNewLanguage(client))
    appClient = client
  }
  return appClient
}

/**
 * Nothing of one person stays in the cache once their session ends, however it ends: Sign Out, a
 * 401 that clears the session, a sign-out or another account's sign-in in another tab. (A sign-in
 * from signed out keeps the cache: it holds only public answers, which the screens still show.)
 */
function forgetOnSessionEnd(client: QueryClient) {
  let token = getSession().token
  onSessionChange(() => {
    const now = getSession().token
    if (token !== null && now !== token) client.clear()
    token = now
  })
}
