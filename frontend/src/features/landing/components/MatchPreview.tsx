import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { BookOpen, CalendarClock, MessagesSquare, Navigation } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'

/**
 * Decoration for wide screens: what a match looks like, labelled as an example (an illustration,
 * never a real tutor's account). Hidden from assistive technology. Built
 * from the shell's own components and icons no other screen uses, so that the landing page's first
 * load is two files (the page-weight budget: each more file costs its headers).
 */
export default function MatchPreview() {
  const { t } = useTranslation()
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
        <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" color="gray.600" letterSpacing="wide">
          {t('landing:preview.example')}
        </Text>
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
            {t('landing:preview.initials')}
          </Flex>
          <Box flex="1">
            <Text fontWeight="bold">{t('landing:preview.name')}</Text>
            <Text fontSize="sm" color="gray.600">
              {t('landing:preview.subjects')}
            </Text>
          </Box>
          <Text bg="green.100" color="green.800" px="1.5" borderRadius="sm" fontSize="xs" fontWeight="medium">
            {t('landing:preview.verified')}
          </Text>
        </HStack>
        <Stack gap="2" fontSize="sm" color="gray.700">
          <HStack gap="2">
            <BookOpen size={16} /> <Text>{t('landing:preview.class')}</Text>
          </HStack>
          <HStack gap="2">
            <Navigation size={16} /> <Text>{t('landing:preview.distance', { km: 2.4 })}</Text>
          </HStack>
          <HStack gap="2">
            <CalendarClock size={16} /> <Text>{t('landing:preview.time')}</Text>
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
          <MessagesSquare size={16} /> {t('landing:preview.interested')}
        </Flex>
      </Stack>
    </Box>
  )
}
