import { Text } from '@chakra-ui/react'
import { useParams } from 'react-router'
import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function TutorProfile() {
  const { id = '' } = useParams()
  return (
    <PlaceholderScreen
      title="Tutor Profile"
      description="A tutor’s public profile will be shown here."
      upcoming={[
        'Name, e-mail and subscription status',
        'About, subjects and classes, availability, teaching style, education, fees and demo class offer',
        'Student testimonials and reviews',
      ]}
    >
      <Text mt="4" color="fg.muted" wordBreak="break-all">
        Profile: {decodeURIComponent(id)}
      </Text>
    </PlaceholderScreen>
  )
}
