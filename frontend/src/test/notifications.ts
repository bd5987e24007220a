import type { Body } from './http'

type Notification = Body<'Notification'>

let nextId = 100

/** A notification as the server sends it (GET /notifications, the socket's `notification` event). */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides.id ?? nextId++
  return {
    id,
    kind: 'tutor_interested',
    title: 'Ravi Kumar is interested in your Physics request',
    body: 'Open their profile or send them a message.',
    link: '/tutor/5',
    // The kind's own fields: the document gives `data` no properties, so schema.ts types it as an empty record.
    data: {},
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  }
}
