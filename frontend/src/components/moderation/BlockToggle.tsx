import { Button } from '@chakra-ui/react'
import { errorMessage } from '@/api/client'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useBlockedPeople, useSetBlock } from './api'

/**
 * Block / Unblock one person outside the chat (a tutor's profile, an interested tutor): a blocked
 * person can no longer message me, see my requests or show interest in them.
 */
export function BlockToggle({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation('moderation')
  const blocks = useBlockedPeople()
  const setBlock = useSetBlock()
  if (!blocks.data) return null
  const blocked = blocks.data.some((p) => p.id === userId)
  const toggle = () =>
    setBlock.mutate(
      { userId, blocked: !blocked },
      {
        onSuccess: (now) =>
          notifySuccess(now ? t('moderation:block.blocked', { name }) : t('moderation:block.unblocked', { name })),
        onError: (e) => notifyError(errorMessage(e, t('moderation:block.failed'))),
      },
    )
  return (
    <Button
      variant="ghost"
      size="sm"
      colorPalette={blocked ? 'gray' : 'red'}
      onClick={toggle}
      loading={setBlock.isPending}
    >
      {blocked ? t('moderation:block.unblock', { name }) : t('moderation:block.block', { name })}
    </Button>
  )
}
