import { useSyncExternalStore } from 'react'
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from './constants'

/**
 * The snackbar API every screen uses. The toaster UI itself (components/ui/toaster) loads on the
 * first message, which keeps its code out of the first page load; messages sent before it is
 * mounted wait in a queue.
 */
export interface ToastMessage {
  type: 'success' | 'error' | 'info'
  title: string
  duration: number
  /** Given when the sender may take the message back early (`dismissToast`). */
  id?: string
}

type Show = (message: ToastMessage) => void
type Dismiss = (id: string) => void

let show: Show | null = null
let dismiss: Dismiss | null = null
const queue: ToastMessage[] = []
let requested = false
const listeners = new Set<() => void>()

function push(message: ToastMessage) {
  if (show) {
    show(message)
    return
  }
  queue.push(message)
  if (!requested) {
    requested = true
    listeners.forEach((listener) => listener())
  }
}

/** SPEC §8/§9: successes stay about 3 s. With an `id`, `dismissToast(id)` takes it back sooner. */
export function notifySuccess(message: string, id?: string) {
  push({ type: 'success', title: message, duration: TOAST_SUCCESS_MS, ...(id === undefined ? {} : { id }) })
}

/** Takes back a message sent with this id, shown or still waiting for the toaster. */
export function dismissToast(id: string) {
  const waiting = queue.findIndex((message) => message.id === id)
  if (waiting >= 0) queue.splice(waiting, 1)
  dismiss?.(id)
}

/** SPEC §8/§9: errors stay about 4 s. */
export function notifyError(message: string) {
  push({ type: 'error', title: message, duration: TOAST_ERROR_MS })
}

/** Called by the mounted toaster; flushes what was queued. Returns the unregister function. */
export function registerToaster(next: Show, nextDismiss?: Dismiss): () => void {
  show = next
  dismiss = nextDismiss ?? null
  // The toaster subscribes to its store only after its first render settles; messages given to
  // it before then are dropped, so the queue is flushed on the next task.
  const flush = window.setTimeout(() => queue.splice(0).forEach((message) => show?.(message)), 0)
  return () => {
    window.clearTimeout(flush)
    if (show === next) {
      show = null
      dismiss = null
    }
  }
}

/** True once something asked for a snackbar, so the shell mounts the toaster. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => requested,
    () => requested,
  )
}
