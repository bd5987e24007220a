import type { components } from '@/api/schema'

// The notification centre's bodies, as the OpenAPI document states them.
type Schemas = components['schemas']

/** What a notification is about. */
export type NotificationKind = Schemas['NotificationKind']
/** One notification: `GET /notifications` lists them, the socket's `notification` event carries one. */
export type Notification = Schemas['Notification']
/** A page of `GET /notifications`, newest first; `nextCursor` is the next (older) page's `before`. */
export type NotificationPage = Schemas['NotificationPage']
/** The unread count (`GET /notifications/unread-count`, and the answer to marking read). */
export type UnreadCount = Schemas['UnreadCount']
export type EmailChoice = Schemas['EmailChoice']
/** One kind's new e-mail choice (PUT /notifications/preferences). */
export type PreferenceChange = Schemas['PreferenceChange']
