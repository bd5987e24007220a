import { useEffect } from 'react'
import { dismissToast, notifySuccess } from '@/lib/toaster'

/**
 * Snackbars for live notifications. While a notification list is on screen (the bell's popover, or
 * /notifications) its first row says the same and a snackbar would only cover its corner: none is
 * shown then, and a list coming on screen takes back those still showing.
 */
const shown = new Set<string>()
let listsOnScreen = 0

export function toastNotification(notice: { id: number; title: string }) {
  if (listsOnScreen > 0) return
  const id = `notification-${notice.id}`
  shown.add(id)
  notifySuccess(notice.title, id)
}

/** Called by the list itself: it is on screen while it is mounted. */
export function useNotificationListOnScreen() {
  useEffect(() => {
    listsOnScreen += 1
    shown.forEach(dismissToast)
    shown.clear()
    return () => {
      listsOnScreen -= 1
    }
  }, [])
}
