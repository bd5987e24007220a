import { Button, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import { DialogShell } from './dialog'

interface ConfirmDialogProps {
  open: boolean
  title: string
  text: ReactNode
  /** The confirming button, in red: what happens ('Delete', 'Deactivate'). */
  confirmLabel: string
  /** While the action runs: both buttons wait, the confirming one shows `busyLabel` if given. */
  busy: boolean
  busyLabel?: string
  onConfirm: () => void
  onClose: () => void
}

/** SPEC §5: deleting and bulk actions ask first. The one confirmation dialog of the app. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  busyLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('shared')
  return (
    <DialogShell
      open={open}
      title={title}
      onClose={onClose}
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('shared:ui.cancel')}
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{text}</Text>
    </DialogShell>
  )
}
