import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { i18n } from '@/lib/i18n'

export const feedKey = ['calendar', 'feed'] as const

/** The signed-in user's private calendar feed address (the server makes it on the first ask). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: feedKey,
    enabled,
    queryFn: () => request(api.GET('/calendar/feed'), i18n.t('bookings:calendar.loadFailed')),
  })
}

/** A new address: the old one stops working at once. */
export function useRotateFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => request(api.POST('/calendar/feed/rotate'), i18n.t('bookings:calendar.saveFailed')),
    onSuccess: (feed) => queryClient.setQueryData(feedKey, feed),
  })
}

/** Stops the feed: its address answers 'not found' from now on. */
export function useStopFeed() {
  return useMutation({
    mutationFn: () => request(api.DELETE('/calendar/feed'), i18n.t('bookings:calendar.saveFailed')),
  })
}
