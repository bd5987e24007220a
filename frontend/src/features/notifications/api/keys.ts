/** Query keys of the notification centre: the list (pages), the unread count, the e-mail preferences. */
export const notificationsQueryKey = ['notifications'] as const
export const notificationListQueryKey = [...notificationsQueryKey, 'list'] as const
export const notificationUnreadQueryKey = [...notificationsQueryKey, 'unread'] as const
export const notificationPreferencesQueryKey = [...notificationsQueryKey, 'preferences'] as const
