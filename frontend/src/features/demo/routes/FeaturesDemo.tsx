import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function FeaturesDemo() {
  return (
    <PlaceholderScreen
      title="Features"
      description="Try out HomeTutor’s building blocks here."
      upcoming={[
        'Real-time messaging: a self-chat to test the chat (after signing in)',
        'File upload: single and multiple files (images, PDF, Word documents)',
      ]}
    />
  )
}
