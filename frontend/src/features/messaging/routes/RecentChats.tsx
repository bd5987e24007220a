import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function RecentChats() {
  return (
    <PlaceholderScreen
      title="Recent Chats"
      description="The people you have chatted with recently will be listed here."
      upcoming={['Each chat partner with an unread-messages badge', 'Opening a partner shows the real-time chat']}
    />
  )
}
