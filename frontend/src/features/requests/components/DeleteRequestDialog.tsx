import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { dialogSlotRecipe } from '@chakra-ui-theme/recipes/dialog'
import { useTranslation } from '@/lib/i18n'

interface DeleteRequestDialogProps {
  subject: string | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a request (and the interest in it) is deleted. */
export function DeleteRequestDialog({ subject, deleting, onConfirm, onClose }: DeleteRequestDialogProps) {
  const { t } = useTranslation('requests')
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open={subject !== null}
      onOpenChange={(e) => !e.open && onClose()}
      lazyMount
      unmountOnExit
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('requests:delete.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('requests:delete.text', { subject })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={deleting}>
                {t('shared:ui.cancel')}
              </Button>
              <Button
                colorPalette="red"
                onClick={onConfirm}
                loading={deleting}
                loadingText={t('requests:delete.deleting')}
              >
                {t('requests:delete.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
