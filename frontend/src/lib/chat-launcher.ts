import { createContext, useContext } from 'react'

export interface ChatPartner {
  id: number
  name: string
}

/** A conversation to open: with whom, about which request, and the dialog's title if not 'Chat with …'. */
export interface ChatTarget {
  partner: ChatPartner
  requestId?: number
  title?: string
}

export type OpenChat = (target: ChatTarget) => void

/**
 * How a screen opens the chat dialog. Features do not import each other, so the request list, the
 * nearby search and the features demo ask for a chat through this; the app shell provides it with
 * the chat feature's dialog (app/layout/ChatHost).
 */
export const ChatLauncherContext = createContext<OpenChat | null>(null)

export function useOpenChat(): OpenChat {
  const open = useContext(ChatLauncherContext)
  if (!open) throw new Error('useOpenChat needs the app shell’s ChatHost above it')
  return open
}
