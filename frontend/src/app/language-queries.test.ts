import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { myRequestsQueryKey } from '@/api/query-keys'
import { adminKeys } from '@/features/admin/api/keys'
import { reportQueueQueryOptions } from '@/features/admin/api/reports'
import { nearbyQueryKey, tutorAreaQueryKey } from '@/features/tuition/api/keys'
import { recommendationsQueryKey } from '@/features/recommendations/api/recommendations'
import { tutorProfileQueryKey, tutorsQueryKey } from '@/features/tutors/api/keys'
import { refetchInNewLanguage } from '@/lib/language-queries'

describe('refetchInNewLanguage', () => {
  it('marks every answer with server-labelled terms stale, and nothing else', async () => {
    const client = new QueryClient()
    const labelled = [
      [...tutorsQueryKey, 'search', { location: [77.2, 28.6] }],
      [...tutorProfileQueryKey, '12'],
      tutorAreaQueryKey,
      [...recommendationsQueryKey, 3],
      myRequestsQueryKey,
      [...nearbyQueryKey, { coordinates: [77.2, 28.6] }],
      adminKeys.requests,
      reportQueueQueryOptions().queryKey,
    ]
    for (const key of labelled) client.setQueryData(key, { label: 'Mathematics' })
    client.setQueryData(['vocabulary', 'en'], [])
    client.setQueryData(adminKeys.users, [])
    await refetchInNewLanguage(client)
    for (const key of labelled) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true)
    expect(client.getQueryState(['vocabulary', 'en'])?.isInvalidated).toBe(false)
    expect(client.getQueryState(adminKeys.users)?.isInvalidated).toBe(false)
  })
})
