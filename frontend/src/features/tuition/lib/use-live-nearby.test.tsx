import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { publishLive } from '@/lib/live-events'
import { nearbyQueryKey } from '../api/keys'
import { useLiveNearby } from './use-live-nearby'

function setup() {
  const client = new QueryClient()
  const invalidate = vi.spyOn(client, 'invalidateQueries')
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const hook = renderHook(() => useLiveNearby(), { wrapper })
  return { invalidate, hook }
}

describe('useLiveNearby', () => {
  it('searches again when a new request or a closed one is announced, and not for other news', () => {
    const { invalidate, hook } = setup()
    publishLive({ event: 'notification', data: { kind: 'tutor_interested' } })
    publishLive({ event: 'newMessage', data: { kind: 'new_request' } })
    expect(invalidate).not.toHaveBeenCalled()
    publishLive({ event: 'notification', data: { kind: 'new_request' } })
    publishLive({ event: 'notification', data: { kind: 'request_closed' } })
    expect(invalidate).toHaveBeenCalledTimes(2)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: nearbyQueryKey })
    hook.unmount()
    publishLive({ event: 'notification', data: { kind: 'new_request' } })
    expect(invalidate).toHaveBeenCalledTimes(2)
  })
})
