import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement, ReactNode } from 'react'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/lib/query-client'

/** One component with the app's providers (Chakra, TanStack Query without retries), no router. */
export function renderComponent(ui: ReactElement) {
  const user = userEvent.setup()
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider queryClient={queryClient}>{children}</AppProvider>
  )
  // A wrapper, so that rerender() keeps the providers.
  const result = render(ui, { wrapper })
  return { user, queryClient, ...result }
}
