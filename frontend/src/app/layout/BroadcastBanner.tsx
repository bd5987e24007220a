import { Box, CloseButton, Flex, Text } from '@chakra-ui/react'
import { Megaphone } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import { showBroadcast, useBroadcast } from '@/features/chat/lib/broadcast'

/** An admin's broadcast, pushed over the chat socket: a banner under the header until dismissed. */
/** Lazily loaded by the shell once a broadcast has arrived. */
export default function BroadcastBanner() {
  const { t } = useTranslation()
  const broadcast = useBroadcast()
  if (!broadcast) return null
  return (
    <Box
      role="status"
      aria-live="polite"
      bg="orange.100"
      color="orange.950"
      borderBottomWidth="1px"
      borderColor="orange.300"
    >
      <Flex maxW="6xl" mx="auto" px={{ base: '3', md: '6' }} py="3" gap="3" align="center">
        <Megaphone aria-hidden size={20} />
        <Text flex="1" fontWeight="medium">
          <Box as="span" fontWeight="bold">
            {t('common:broadcast.label')}{' '}
          </Box>
          {broadcast.text}
        </Text>
        <CloseButton size="sm" aria-label={t('common:broadcast.dismiss')} onClick={() => showBroadcast(null)} />
      </Flex>
    </Box>
  )
}
