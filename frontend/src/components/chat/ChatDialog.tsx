import { Button, Dialog, Portal } from '@chakra-ui/react'
import { dialogSlotRecipe } from '@chakra-ui-theme/recipes/dialog'
import { BlockButton } from './BlockButton'
import { ChatBox } from './ChatBox'

export interface ChatPartner {
  id: number
  name: string
}

interface ChatDialogProps {
  me: number
  partner: ChatPartner | null
  title?: string
  requestId?: number
  onClose: () => void
}

/** SPEC §2: an 80%-height dialog 'Chat with {partner}' with a Close button; issue 6: Block / Unblock. */
export default function ChatDialog({ me, partner, title, requestId, onClose }: ChatDialogProps) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={partner !== null}
      onOpenChange={(e) => !e.open && onClose()}
      lazyMount
      unmountOnExit
      placement="center"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content h="80vh" maxH="80vh" my="0" display="flex" flexDirection="column">
            <Dialog.Header>
              <Dialog.Title>{title ?? `Chat with ${partner?.name ?? ''}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body flex="1" minH="0" display="flex" flexDirection="column" overflow="hidden">
              {partner && <ChatBox me={me} partnerId={partner.id} partnerName={partner.name} requestId={requestId} />}
            </Dialog.Body>
            <Dialog.Footer>
              {/* Nobody blocks themself: the features page's self-chat demo has no button. */}
              {partner && partner.id !== me && <BlockButton partner={partner} />}
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
