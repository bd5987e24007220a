import { Button, CloseButton, Drawer, Portal } from '@chakra-ui/react'
import { drawerSlotRecipe } from '@chakra-ui-theme/recipes/drawer'
import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'

interface FilterSheetDrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  done: string
  children: ReactNode
}

/** The filters in a bottom sheet (see FilterSheet): every change applies at once; the button shows the results. */
export default function FilterSheetDrawer({ open, onOpenChange, title, done, children }: FilterSheetDrawerProps) {
  const { t } = useTranslation('shared')
  return (
    <Drawer.Root
      recipe={drawerSlotRecipe}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="bottom"
      // The place search's suggestions and the selects stay usable inside the sheet.
      closeOnInteractOutside
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="xl" maxH="85dvh">
            <Drawer.Header borderBottomWidth="1px" borderColor="border" py="3">
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4" overflowY="auto">
              {children}
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" borderColor="border" py="3">
              <Button width="full" onClick={() => onOpenChange(false)}>
                {done}
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('shared:ui.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
