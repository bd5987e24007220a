import { Button, HStack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useWideScreen } from '@/lib/use-wide-screen'

// The sheet's dialog code (Chakra's drawer, its focus trap and scroll lock) loads on the first tap.
const FilterSheetDrawer = lazy(() => import('./filter-sheet-drawer'))

export interface FilterSheetProps {
  /** The button's words and the sheet's title ("Filters", "Change search"). */
  title: string
  /** The search in one line, shown beside the button on a phone ("Around Lajpat Nagar · 10 km"). */
  summary: ReactNode
  /** The sheet's closing button ("Show requests"). */
  done: string
  /** The filters, drawn in place from md up and in a sheet below it. */
  children: ReactNode
}

/**
 * Results first on a phone: below md the filters fold into a one-line summary with a button that opens
 * them in a bottom sheet, so the first result is on the first screen; from md up they are drawn in
 * place (decided by a media query at the first render, so neither layout flashes before the other).
 */
export function FilterSheet({ title, summary, done, children }: FilterSheetProps) {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const wide = useWideScreen()
  if (wide) return children
  return (
    <>
      <HStack
        justify="space-between"
        gap="3"
        borderWidth="1px"
        borderColor="border"
        borderRadius="lg"
        bg="bg"
        px="3"
        py="2"
        data-testid="filter-summary"
      >
        <Text fontSize="sm" minW="0" lineClamp={2}>
          {summary}
        </Text>
        <Button
          size="sm"
          variant="outline"
          flexShrink={0}
          aria-haspopup="dialog"
          onClick={() => {
            setLoaded(true)
            setOpen(true)
          }}
        >
          {title}
        </Button>
      </HStack>
      {loaded && (
        <Suspense fallback={null}>
          <FilterSheetDrawer open={open} onOpenChange={setOpen} title={title} done={done}>
            {children}
          </FilterSheetDrawer>
        </Suspense>
      )}
    </>
  )
}
