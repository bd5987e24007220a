import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { BookOpen, CalendarClock, MessagesSquare, Navigation } from 'lucide-react'

/**
 * Decoration for wide screens: what a match looks like. Hidden from assistive technology. Built
 * from the shell's own components and icons no other screen uses, so that the landing page's first
 * load is two files (the page-weight budget: each more file costs its headers).
 */
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
          <Flex
            boxSize="12"
            borderRadius="full"
            align="center"
            justify="center"
            bg="blue.100"
            color="blue.800"
            fontWeight="bold"
          >
            PS
          </Flex>
          <Box flex="1">
            <Text fontWeight="bold">Priya Sharma</Text>
            <Text fontSize="sm" color="gray.600">
              Mathematics · Physics
            </Text>
          </Box>
          <Text bg="green.100" color="green.800" px="1.5" borderRadius="sm" fontSize="xs" fontWeight="medium">
            Verified
          </Text>
        </HStack>
        <Stack gap="2" fontSize="sm" color="gray.700">
          <HStack gap="2">
            <BookOpen size={16} /> <Text>Class 10 · CBSE board</Text>
          </HStack>
          <HStack gap="2">
            <Navigation size={16} /> <Text>2.4 km from you</Text>
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
