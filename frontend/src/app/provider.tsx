import { ChakraProvider } from '@chakra-ui/react'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { ApiError } from '@/api/errors'
import { setMaintenance } from '@/lib/maintenance'
import { useToasterRequested } from '@/lib/toaster'
import { system } from './theme'

const Toaster = lazy(() => import('@/components/ui/toaster'))

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

function LazyToaster() {
  const requested = useToasterRequested()
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </ChakraProvider>
  )
}
