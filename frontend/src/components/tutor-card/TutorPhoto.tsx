import { Box, Circle, Image } from '@chakra-ui/react'
import { initials } from './format'

/** The tutor's square photo in a circle, or their initials when there is none. Decorative: the name is beside it. */
export function TutorPhoto({
  name,
  photoUrl,
  size = '16',
}: {
  name: string
  photoUrl: string | null | undefined
  size?: string
}) {
  if (photoUrl) {
    return (
      <Box flexShrink={0} boxSize={size} borderRadius="full" overflow="hidden" bg="bg.muted">
        <Image src={photoUrl} alt="" boxSize="full" objectFit="cover" loading="lazy" />
      </Box>
    )
  }
  return (
    <Circle flexShrink={0} size={size} bg="blue.100" color="blue.800" fontWeight="bold" aria-hidden="true">
      {initials(name)}
    </Circle>
  )
}
