import { Badge, Box, Circle, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { BookOpen, CalendarClock, MapPin, MessagesSquare } from 'lucide-react'

/** Decoration for wide screens: what a match looks like. Hidden from assistive technology. */
export default function MatchPreview() {
  return (
    <Box hideBelow="lg" aria-hidden flexShrink={0} w="sm" position="relative">
      <Box
        position="absolute"
        inset="0"
        transform="rotate(6deg) translate(18px, 10px)"
        bg="whiteAlpha.300"
        borderRadius="2xl"
      />
      <Stack position="relative" gap="4" bg="white" color="gray.900" borderRadius="2xl" p="6" shadow="2xl">
        <HStack gap="3">
          <Circle size="12" bg="blue.100" color="blue.800" fontWeight="bold">
            PS
          </Circle>
          <Box flex="1">
            <Text fontWeight="bold">Priya Sharma</Text>
            <Text fontSize="sm" color="gray.600">
              Mathematics · Physics
            </Text>
          </Box>
          <Badge colorPalette="green">Verified</Badge>
        </HStack>
        <Stack gap="2" fontSize="sm" color="gray.700">
          <HStack gap="2">
            <BookOpen size={16} /> <Text>Class 10 · CBSE board</Text>
          </HStack>
          <HStack gap="2">
            <MapPin size={16} /> <Text>2.4 km from you</Text>
          </HStack>
          <HStack gap="2">
            <CalendarClock size={16} /> <Text>Weekday evenings</Text>
          </HStack>
        </Stack>
        <Flex
          align="center"
          justify="center"
          gap="2"
          bg="blue.600"
          color="white"
          borderRadius="md"
          py="2"
          fontWeight="medium"
        >
          <MessagesSquare size={16} /> Interested in your request
        </Flex>
      </Stack>
    </Box>
  )
}
