import { ChakraProvider } from '@chakra-ui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'
import { useToasterRequested } from '@/lib/toaster'
import { system } from './theme'

const Toaster = lazy(() => import('@/components/ui/toaster'))

function LazyToaster() {
  const requested = useToasterRequested()
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

/**
 * Chakra and the snackbars. TanStack Query is provided by each lazily loaded part that uses it
 * (`lazyWithQueries`), so the first page load does not carry it; a `queryClient` given here (the
 * tests') is provided to everything below instead.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <ChakraProvider value={system}>
      {queryClient ? <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> : children}
      <LazyToaster />
    </ChakraProvider>
  )
}
