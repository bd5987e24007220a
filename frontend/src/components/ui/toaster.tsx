import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react'
import { toastSlotRecipe } from '@chakra-ui-theme/recipes/toast'
import { useEffect } from 'react'
import { HEADER_HEIGHT } from '@/lib/constants'
import { useTranslation } from '@/lib/i18n'
import { registerToaster } from '@/lib/toaster'

// Toasts open below the header, never over it: over the bell they hid the very button that shows what
// they announce, and a pointer resting there paused them, so they never left.
const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 4,
  // zag takes one offset for every width, so the header's height comes from its CSS variable (theme.ts).
  offsets: {
    top: `calc(var(--header-height, ${HEADER_HEIGHT.md}) + 0.5rem)`,
    right: '1rem',
    bottom: '1rem',
    left: '1rem',
  },
})

export default function Toaster() {
  const { t } = useTranslation('shared')
  useEffect(() => {
    const unregister = registerToaster(
      (message) =>
        toaster.create({
          // Only when given: an `id` key that is undefined stops zag from making one up.
          ...(message.id === undefined ? {} : { id: message.id }),
          type: message.type,
          title: message.title,
          duration: message.duration,
          closable: true,
        }),
      (id) => toaster.dismiss(id),
    )
    return () => {
      unregister()
      // The store outlives this component: without this, a toaster mounted again (a test's next
      // render) would show the old messages.
      toaster.remove()
    }
  }, [])
  return (
    <Portal>
      {/* zag names the region in English with its placement ('Notifications, top-end (alt+T)'); this
          names it in the reader's language, with the shortcut that moves the focus to it. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('shared:ui.toastRegion')}>
        {(toast) => (
          <Toast.Root recipe={toastSlotRecipe} width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t('shared:ui.dismissToast')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
