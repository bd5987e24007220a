import { Box, Flex, Text } from '@chakra-ui/react'
import { WifiOff } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'

/**
 * 'You are offline': fixed above the phone bar (at the bottom on wider screens), so appearing and
 * disappearing never moves the page. The app's shell still works from the service worker's copy;
 * nothing that needs the server does. Lazy (the shell mounts it only offline; the service worker
 * keeps its file), so it costs the first load nothing.
 */
export default function OfflineBanner() {
  const { t } = useTranslation()
  return (
    <Box
      role="status"
      position="fixed"
      insetX="0"
      bottom={{ base: 'calc(4rem + env(safe-area-inset-bottom))', md: '0' }}
      zIndex="banner"
      bg="gray.900"
      color="white"
      px="4"
      py="3"
    >
      <Flex maxW="6xl" mx="auto" gap="3" align="center">
        <WifiOff aria-hidden size={20} style={{ flexShrink: 0 }} />
        <Text>
          <Box as="span" fontWeight="bold">
            {t('common:offline.title')}
          </Box>{' '}
          {t('common:offline.text')}
        </Text>
      </Flex>
    </Box>
  )
}
