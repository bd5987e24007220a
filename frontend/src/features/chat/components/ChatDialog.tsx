import { Button } from '@chakra-ui/react'
import { BookDemoButton } from '@/components/book-demo-button'
import { DialogShell } from '@/components/ui/dialog'
import type { ChatPartner } from '@/lib/chat-launcher'
import { useTranslation } from '@/lib/i18n'
import { BlockButton } from './BlockButton'
import { ChatBox } from './ChatBox'

interface ChatDialogProps {
  me: number
  partner: ChatPartner
  title?: string
  requestId?: number
  onClose: () => void
}

/** SPEC §2: an 80%-height dialog 'Chat with {partner}' with a Close button, and Block / Unblock. */
export default function ChatDialog({ me, partner, title, requestId, onClose }: ChatDialogProps) {
  const { t } = useTranslation('chat')
  return (
    <DialogShell
      open
      title={title ?? t('chat:dialog.title', { name: partner.name })}
      onClose={onClose}
      size="lg"
      tall
      footer={
        <>
          {/* Nobody blocks themself: the features page's self-chat demo has no button. */}
          {partner.id !== me && <BlockButton partner={partner} />}
          {/* A parent's chat is with tutors: the demo is booked from here (tutors do not see it). */}
          {partner.id !== me && <BookDemoButton tutor={partner} requestId={requestId} />}
          <Button variant="outline" onClick={onClose}>
            {t('chat:dialog.close')}
          </Button>
        </>
      }
    >
      <ChatBox me={me} partnerId={partner.id} partnerName={partner.name} requestId={requestId} />
    </DialogShell>
  )
}
