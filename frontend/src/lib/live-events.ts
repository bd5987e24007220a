import { createExternalStore } from './external-store'

/**
 * What the one socket of the logged-in user (features/chat/lib/chat-socket) hears, for features
 * other than chat: a feature does not import another feature, so the socket publishes every frame
 * and its open/closed state here, and e.g. the notification centre listens without knowing chat.
 */
export interface LiveFrame {
  event: string
  data: unknown
}

type Listener = (frame: LiveFrame) => void

const listeners = new Set<Listener>()

/** Called by the socket for every frame it receives. */
export function publishLive(frame: LiveFrame) {
  listeners.forEach((listener) => listener(frame))
}

/** Listens to every frame; returns the function that stops listening. */
export function onLive(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const connected = createExternalStore(false)

/** The socket's state: true while it is open (live events arrive), false otherwise. */
export const setLiveConnected = connected.set
export const isLiveConnected = connected.get
export const useLiveConnected = connected.useValue
