import { createExternalStore } from '@/lib/external-store'

/** The newest admin broadcast received over the chat socket, until the person dismisses it. */
export interface Broadcast {
  text: string
  createdAt: string
}

const store = createExternalStore<Broadcast | null>(null)

export const showBroadcast = store.set
export const useBroadcast = store.useValue
