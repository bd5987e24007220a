import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/api/errors'
import { setMaintenance } from './maintenance'

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
 * The app's one query client, made when the first screen that asks the server loads (issue 21:
 * TanStack Query is not part of the landing page's first load; `app/query-layer` provides it).
 */
export function getQueryClient(): QueryClient {
  appClient ??= createQueryClient()
  return appClient
}
