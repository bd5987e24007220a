import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { dialogSlotRecipe } from '@chakra-ui-theme/recipes/dialog'

interface DeleteRequestDialogProps {
  subject: string | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a request (and the interest in it) is deleted. */
export function DeleteRequestDialog({ subject, deleting, onConfirm, onClose }: DeleteRequestDialogProps) {
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
              <Dialog.Title>Delete request?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                The {subject} request and the tutors&apos; interest in it will be deleted. This cannot be undone.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={deleting}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={deleting} loadingText="Deleting...">
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
