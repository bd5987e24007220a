import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useUnread } from '../api/unread'
import { chatKeys } from '../api/keys'
import { showBroadcast } from '../lib/broadcast'
import { chatSocket } from '../lib/chat-socket'
import { resetUnread } from '../lib/unread'

/**
 * Mounted while logged in, once the profile has loaded (SPEC §4): opens the one chat socket and
 * keeps the unread counts fresh; a new message refreshes them and the conversation lists; an admin's
 * broadcast shows as the shell's announcement banner.
 */
export default function ChatConnector({ token }: { token: string }) {
  const queryClient = useQueryClient()
  useUnread()
  useEffect(() => {
    chatSocket.start()
    const off = chatSocket.on((frame) => {
      if (frame.event === 'broadcast') {
        showBroadcast({ text: frame.data.text, createdAt: frame.data.createdAt })
        return
      }
      if (frame.event !== 'newMessage') return
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations })
    })
    return () => {
      off()
      chatSocket.stop()
      resetUnread()
    }
  }, [queryClient, token])
  return null
}
