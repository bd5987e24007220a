import { Badge, Button, Card, Flex, Heading, List, Stack, Text } from '@chakra-ui/react'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import { BadgeCheck, Check } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { DemoPaymentsNotice } from '@/components/demo-payments-notice'
import { Page } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { REDIRECT_AFTER_AUTH_ERROR_MS, SUBSCRIPTION_PRICE_PER_DAY, SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { formatDate, formatMoney } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { clearSession, getToken, useSession } from '@/lib/session'
import { PaymentStartError, useCreatePaymentSession } from '../api/create-session'
import { useSubscriptionStatus } from '../api/subscription-status'
import { SupportLine } from '../components/SupportLine'
import { openCashfreeCheckout } from '../lib/cashfree'
import { savePendingOrder } from '../lib/pending-order'

const BENEFITS = [
  'payments:plan.benefits.nearby',
  'payments:plan.benefits.filter',
  'payments:plan.benefits.contacts',
  'payments:plan.benefits.interest',
  'payments:plan.benefits.chat',
  'payments:plan.benefits.support',
] as const

/** Shown when nobody is logged in (any more): SPEC §5 / §8, then /login after 2 s. */
function LoggedOut({ message }: { message: string }) {
  const { t } = useTranslation('payments')
  return (
    <Stack gap="4" maxW="lg" mx="auto">
      <FormAlert status="error" message={message} />
      <Text color="fg.muted">{t('payments:subscribe.toLogin')}</Text>
      <Button asChild alignSelf="flex-start" variant="outline">
        <RouterLink to="/login">{t('payments:subscribe.loginNow')}</RouterLink>
      </Button>
    </Stack>
  )
}

function ActiveSubscription({ expires }: { expires: string | null | undefined }) {
  const { t } = useTranslation('payments')
  const until = formatDate(expires, 'long')
  return (
    <Card.Root recipe={cardSlotRecipe} maxW="lg" mx="auto" w="full" borderColor="green.600" borderWidth="2px">
      <Card.Body gap="4" alignItems="center" textAlign="center">
        <BadgeCheck aria-hidden size={48} color="#15803d" />
        <Heading as="h2" size="2xl">
          {t('payments:active.title')}
        </Heading>
        <Text fontSize="lg">
          {t('payments:active.validUntil')} <time dateTime={expires ?? undefined}>{until}</time>
        </Text>
        <Text color="fg.muted">{t('payments:active.text')}</Text>
        <Button asChild size="lg">
          <RouterLink to="/nearby">{t('payments:active.findStudents')}</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

function PlanCard({
  busy,
  checking,
  error,
  onSubscribe,
}: {
  busy: boolean
  /** The server has not yet confirmed that this tutor has no subscription. */
  checking: boolean
  error: string | null
  onSubscribe: () => void
}) {
  const { t } = useTranslation('payments')
  return (
    <Card.Root
      recipe={cardSlotRecipe}
      as="section"
      aria-labelledby="plan-title"
      maxW="lg"
      mx="auto"
      w="full"
      borderColor="blue.600"
      borderWidth="2px"
    >
      <Card.Body gap="5">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" id="plan-title" size="2xl">
            {t('payments:plan.name')}
          </Heading>
          <Badge colorPalette="green" variant="solid" bg="green.700" size="lg" borderRadius="full" px="3">
            {t('payments:plan.bestValue')}
          </Badge>
        </Flex>
        <div>
          <Text fontSize="5xl" fontWeight="bold" lineHeight="1" color="fg">
            {formatMoney(SUBSCRIPTION_PRICE_RUPEES)}
            <Text as="span" fontSize="xl" fontWeight="medium" color="fg.muted">
              {' '}
              {t('payments:plan.perYear')}
            </Text>
          </Text>
          <Text mt="2" color="green.700" fontWeight="semibold">
            {t('payments:plan.perDay', { price: `₹${SUBSCRIPTION_PRICE_PER_DAY}` })}
          </Text>
        </div>
        <List.Root recipe={listSlotRecipe} variant="plain" gap="3" aria-label={t('payments:plan.benefits.label')}>
          {BENEFITS.map((benefit) => (
            <List.Item key={benefit} alignItems="flex-start">
              <List.Indicator asChild color="green.700" mt="1">
                <Check aria-hidden size={18} />
              </List.Indicator>
              {t(benefit)}
            </List.Item>
          ))}
        </List.Root>
        <FormAlert status="error" message={error} />
        <Button
          size="lg"
          w="full"
          loading={busy || checking}
          loadingText={checking ? t('payments:subscribe.checking') : t('payments:plan.processing')}
          onClick={onSubscribe}
        >
          {t('payments:plan.subscribe')}
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          {t('payments:plan.terms', { price: formatMoney(SUBSCRIPTION_PRICE_RUPEES) })}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

/** /subscribe (SPEC §2 "Subscribe page", §4 "Payment start", §8 "Payment creation"). */
export default function Subscribe() {
  const { t } = useTranslation('payments')
  const session = useSession()
  const navigate = useNavigate()
  const status = useSubscriptionStatus()
  const createSession = useCreatePaymentSession()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** Why the session ended while on this page (a 401 from create-session), if it did. */
  const [endedMessage, setEndedMessage] = useState<string | null>(null)

  const loggedOut = !session.isLoggedIn
  useEffect(() => {
    if (!loggedOut) return undefined
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_AUTH_ERROR_MS)
    return () => clearTimeout(timer)
  }, [loggedOut, navigate])

  const onSubscribe = async () => {
    setError(null)
    if (!getToken()) {
      // Signed out elsewhere: show the log-in message (and leave after 2 s).
      clearSession()
      return
    }
    setBusy(true)
    try {
      const payment = await createSession.mutateAsync()
      savePendingOrder({ orderId: payment.orderId, amount: payment.amount, provider: payment.provider })
      if (payment.provider === 'cashfree') {
        // Cashfree takes over this tab and later returns to /payment-success?order_id=…
        await openCashfreeCheckout(payment.paymentSessionId, payment.environment)
        return
      }
      navigate(`/payment/checkout?order_id=${encodeURIComponent(payment.orderId)}`)
    } catch (caught) {
      setBusy(false)
      if (caught instanceof PaymentStartError && caught.loggedOut) setEndedMessage(caught.message)
      else setError(caught instanceof PaymentStartError ? caught.message : MESSAGES.paymentFailed)
    }
  }

  let content
  if (loggedOut) {
    content = <LoggedOut message={endedMessage ?? MESSAGES.subscribeNeedsLogin} />
  } else {
    // The server's answer. Until it comes (or if that check failed), the state the session holds, which is
    // also the server's (from the profile): drawing that card at once keeps the page from jumping when the
    // answer arrives, and its button waits for the answer.
    const expires = status.data ? status.data.subscriptionExpires : session.user?.subscriptionExpires
    const active = status.data ? status.data.subscriptionActive : session.subscribed
    content = active ? (
      <ActiveSubscription expires={expires} />
    ) : (
      <PlanCard busy={busy} checking={status.isPending} error={error} onSubscribe={() => void onSubscribe()} />
    )
  }

  return (
    <Page title={t('payments:subscribe.title')} subtitle={t('payments:subscribe.subtitle')}>
      <Stack gap="6">
        {!loggedOut && <DemoPaymentsNotice />}
        {content}
        <SupportLine />
      </Stack>
    </Page>
  )
}
