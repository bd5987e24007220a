import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react'
import { dialogSlotRecipe } from '@chakra-ui-theme/recipes/dialog'
import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'

interface DialogShellProps {
  open: boolean
  title: ReactNode
  /** Escape, the backdrop, the × button and the caller's own Cancel all end here. */
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  /** `alertdialog` for a question that needs an answer (confirmations). */
  role?: 'dialog' | 'alertdialog'
  size?: 'sm' | 'md' | 'lg'
  /** An × button in the corner, named 'Close'. */
  closeButton?: boolean
  /** 80% of the viewport high, the body a column that its content fills (the chat). */
  tall?: boolean
}

/** A tall dialog: 80% of the viewport high, its body a column that its content fills. */
const TALL_CONTENT = { h: '80vh', maxH: '80vh', my: '0', display: 'flex', flexDirection: 'column' } as const
const TALL_BODY = { flex: '1', minH: '0', display: 'flex', flexDirection: 'column', overflow: 'hidden' } as const

/**
 * The one dialog frame of the app: centred, a title, a body and a footer of buttons. Mounted only
 * while open, so a dialog's state starts afresh each time. Dialogs load with the screens that use
 * them, so Chakra's dialog recipe is passed here rather than registered in the theme.
 */
export function DialogShell({
  open,
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  size,
  closeButton = false,
  tall = false,
}: DialogShellProps) {
  const { t } = useTranslation('shared')
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role={role}
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      lazyMount
      unmountOnExit
      placement="center"
      {...(size && { size })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content {...(tall && TALL_CONTENT)}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body {...(tall && TALL_BODY)}>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('shared:ui.close')} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

interface FormDialogButtonsProps {
  /** The id of the dialog's form, which the submit button submits from the footer. */
  formId: string
  label: string
  busy: boolean
  /** What the submit button says while busy ('Closing…'); its own label when absent. */
  busyLabel?: string
  onCancel: () => void
  /** The submit button's colour: red for a step that takes something away. */
  palette?: 'red'
}

/** A form dialog's footer: Cancel, and the form's submit button, which spins while it is sent. */
export function FormDialogButtons({ formId, label, busy, busyLabel, onCancel, palette }: FormDialogButtonsProps) {
  const { t } = useTranslation('shared')
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {t('shared:ui.cancel')}
      </Button>
      <Button
        type="submit"
        form={formId}
        loading={busy}
        {...(busyLabel && { loadingText: busyLabel })}
        {...(palette && { colorPalette: palette })}
      >
        {label}
      </Button>
    </>
  )
}
