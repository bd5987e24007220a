import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function Messages() {
  return (
    <PlaceholderScreen
      title="Messages"
      description="All your conversations will be listed here."
      upcoming={[
        'Each conversation with the partner’s name and e-mail, and a preview of the last message',
        'Opening a conversation shows the chat with that person',
      ]}
    />
  )
}
