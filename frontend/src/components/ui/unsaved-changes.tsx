import { Button, HStack, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard'

// The dialog's code loads when someone leaves with unsaved changes, not with every form's page.
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })))

/** Asks before leaving while `shouldBlock()` says something is unsaved (see useUnsavedChangesGuard). */
export function UnsavedChangesGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const { t } = useTranslation('shared')
  const guard = useUnsavedChangesGuard(shouldBlock)
  if (!guard.pending) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        title={t('shared:draft.leaveTitle')}
        text={t('shared:draft.leaveText')}
        confirmLabel={t('shared:draft.leave')}
        busy={false}
        onConfirm={guard.proceed}
        onClose={guard.stay}
      />
    </Suspense>
  )
}

/** Says that a kept draft was put back into the form, with a way to drop it. */
export function DraftNotice({ restored, onDiscard }: { restored: boolean; onDiscard: () => void }) {
  const { t } = useTranslation('shared')
  if (!restored) return null
  return (
    <HStack role="status" gap="3" px="3" py="2" bg="blue.50" borderRadius="md" fontSize="sm" wrap="wrap">
      <Text flex="1">{t('shared:draft.restored')}</Text>
      <Button size="xs" variant="outline" onClick={onDiscard}>
        {t('shared:draft.discard')}
      </Button>
    </HStack>
  )
}
