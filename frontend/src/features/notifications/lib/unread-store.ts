import { createExternalStore } from '@/lib/external-store'

/**
 * The unread notification count the header bell and the phone bar show. Kept outside the query
 * cache so the shell's first load carries only this module; the lazily mounted
 * NotificationConnector fills it from the server and the socket.
 */
const store = createExternalStore(0)

export const setNotificationUnread = store.set
export const useNotificationUnread = store.useValue
