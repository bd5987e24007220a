import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { tutorAreaQueryKey } from '@/features/tuition/api/keys'
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
    ]
    for (const key of labelled) client.setQueryData(key, { label: 'Mathematics' })
    client.setQueryData(['vocabulary', 'en'], [])
    await refetchInNewLanguage(client)
    for (const key of labelled) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true)
    expect(client.getQueryState(['vocabulary', 'en'])?.isInvalidated).toBe(false)
  })
})
