import { Heading, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { Suspense, useEffect, useRef, type RefObject } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { Panel } from '@/components/page'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { useMyOpenRequests } from '../api/recommendations'
import { RecommendedTutors } from './RecommendedTutors'

/**
 * `/dashboard?recommend={requestId}`: the request the panel shows. A request card's 'Recommended tutors'
 * links here (and a notification may); the select writes it too, so a reload keeps the choice.
 */
const PARAM = 'recommend'

/** The navigation state the select's switch carries: it keeps the focus on the select. */
const SWITCHED_HERE = { recommendSwitchedHere: true } as const

function switchedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'recommendSwitchedHere' in state
}

/**
 * Brings the panel into view and focus when a link chose its request, and on arriving at such a link;
 * not when the parent switches with the select here (that navigation carries SWITCHED_HERE).
 */
function useFocusOnArrival(sectionRef: RefObject<HTMLElement | null>, headingRef: RefObject<HTMLElement | null>) {
  const location = useLocation()
  const linked = new URLSearchParams(location.search).has(PARAM)
  const bySelect = switchedHere(location.state)
  useEffect(() => {
    if (!linked || bySelect) return
    headingRef.current?.focus({ preventScroll: true })
    sectionRef.current?.scrollIntoView({ block: 'start' })
    // location.key: a new navigation, also to the same address (the same card's link twice).
  }, [location.key, linked, bySelect, sectionRef, headingRef])
}

/**
 * The parent dashboard's 'Recommended tutors': for one open request at a time (the one `?recommend=`
 * names, else the newest; a select to switch), the best matching tutors with the reasons and Invite.
 * Nothing without an open request.
 */
export default function RecommendationsPanel() {
  const open = useMyOpenRequests()
  // The request list beside it shows the loading and any error.
  if (!open.isSuccess || open.data.length === 0) return null
  return <Recommendations requests={open.data} />
}

type OpenRequest = NonNullable<ReturnType<typeof useMyOpenRequests>['data']>[number]

function Recommendations({ requests }: { requests: OpenRequest[] }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const sectionRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusOnArrival(sectionRef, headingRef)
  // An unknown or closed request's id (an old link) falls back to the newest open request.
  const request = requests.find((r) => String(r.id) === params.get(PARAM)) ?? requests[0]!
  const choose = (id: string) => {
    setParams(
      (p) => {
        p.set(PARAM, id)
        return p
      },
      { replace: true, state: SWITCHED_HERE },
    )
  }
  return (
    <Panel as="section" ref={sectionRef} aria-labelledby="recommended-heading" mt="6" scrollMarginTop="20">
      <Stack gap="4">
        <Heading as="h2" id="recommended-heading" size="xl" ref={headingRef} tabIndex={-1} _focus={{ outline: 'none' }}>
          {t('recommendations:panel.title')}
        </Heading>
        <Text color="fg.muted">{t('recommendations:panel.intro')}</Text>
        {requests.length > 1 ? (
          <FormField label={t('recommendations:panel.forRequest')}>
            <NativeSelect.Root recipe={nativeSelectSlotRecipe} maxW="md">
              <NativeSelect.Field value={String(request.id)} onChange={(e) => choose(e.target.value)}>
                {requests.map((r) => (
                  <option key={r.id} value={String(r.id)}>
                    {t('recommendations:panel.option', { subject: r.subject, classLevel: r.classLevel })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        ) : (
          <Text fontWeight="medium">
            {t('recommendations:panel.forRequestOne', { subject: request.subject, classLevel: request.classLevel })}
          </Text>
        )}
        {/* Its own boundary: a card that waits for its code or catalogue must not hide the panel's heading
            (which holds the focus after a link chose this request) behind the dashboard's spinner. */}
        <Suspense fallback={<Spinner alignSelf="center" aria-label={t('common:status.loading')} />}>
          <RecommendedTutors key={request.id} requestId={request.id} />
        </Suspense>
      </Stack>
    </Panel>
  )
}
