import { dismissToast, notifySuccess } from '@/lib/toaster'

/**
 * The snackbars of live notifications still on screen. Once the list is open (the bell's popover, or
 * /notifications) it says the same in its first rows, and a snackbar there only covers its corner:
 * opening the list takes them back, and none is shown while it is open.
 */
const shown = new Set<string>()

export function toastNotification(notice: { id: number; title: string }) {
  const id = `notification-${notice.id}`
  shown.add(id)
  notifySuccess(notice.title, id)
}

export function dismissNotificationToasts() {
  shown.forEach(dismissToast)
  shown.clear()
}
