/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications'
}

/** At most '99+', as the messages badge. */
export function bellBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count)
}
