import { Button, HStack, Text } from '@chakra-ui/react'
import type { ChatPartner } from '@/lib/chat-launcher'
import { useTranslation } from '@/lib/i18n'
import { useBlockStatus, useSetBlocked } from '../api/block'

/**
 * Block / Unblock in the chat dialog: the server then refuses the partner's messages and typing
 * to me. A block goes one way, so I can still write to them.
 */
export function BlockButton({ partner }: { partner: ChatPartner }) {
  const { t } = useTranslation('chat')
  const status = useBlockStatus(partner.id)
  const setBlocked = useSetBlocked(partner)
  if (!status.data) return null
  const blocked = status.data.blocked
  return (
    <HStack gap="3" flex="1" minW="0">
      <Button
        variant="ghost"
        colorPalette={blocked ? 'gray' : 'red'}
        onClick={() => setBlocked.mutate(!blocked)}
        loading={setBlocked.isPending}
      >
        {blocked ? t('chat:block.unblock', { name: partner.name }) : t('chat:block.block', { name: partner.name })}
      </Button>
      {blocked && (
        <Text fontSize="sm" color="fg.muted">
          {t('chat:block.refused')}
        </Text>
      )}
    </HStack>
  )
}
