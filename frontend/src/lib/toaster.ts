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
}

type Show = (message: ToastMessage) => void

let show: Show | null = null
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

/** SPEC §8/§9: successes stay about 3 s. */
export function notifySuccess(message: string) {
  push({ type: 'success', title: message, duration: TOAST_SUCCESS_MS })
}

/** SPEC §8/§9: errors stay about 4 s. */
export function notifyError(message: string) {
  push({ type: 'error', title: message, duration: TOAST_ERROR_MS })
}

/** Called by the mounted toaster; flushes what was queued. Returns the unregister function. */
export function registerToaster(next: Show): () => void {
  show = next
  // The toaster subscribes to its store only after its first render settles; messages given to
  // it before then are dropped, so the queue is flushed on the next task.
  const flush = window.setTimeout(() => queue.splice(0).forEach((message) => show?.(message)), 0)
  return () => {
    window.clearTimeout(flush)
    if (show === next) show = null
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
