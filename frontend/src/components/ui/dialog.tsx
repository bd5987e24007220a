import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import { dialogSlotRecipe } from '@chakra-ui-theme/recipes/dialog'
import type { ReactNode } from 'react'

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
          <Dialog.Content {...(tall && { h: '80vh', maxH: '80vh', my: '0', display: 'flex', flexDirection: 'column' })}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body
              {...(tall && { flex: '1', minH: '0', display: 'flex', flexDirection: 'column', overflow: 'hidden' })}
            >
              {children}
            </Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
