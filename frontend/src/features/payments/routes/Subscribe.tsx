import { Badge, Button, Card, Flex, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import { BadgeCheck, Check } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { DemoPaymentsNotice } from '@/components/demo-payments-notice'
import { Page } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import {
  MESSAGES,
  REDIRECT_AFTER_AUTH_ERROR_MS,
  SUBSCRIPTION_PRICE_PER_DAY,
  SUBSCRIPTION_PRICE_RUPEES,
} from '@/lib/constants'
import { formatDate } from '@/lib/format'
import { clearSession, getToken, useSession } from '@/lib/session'
import { PaymentStartError, useCreatePaymentSession } from '../api/create-session'
import { useSubscriptionStatus } from '../api/subscription-status'
import { SupportLine } from '../components/SupportLine'
import { openCashfreeCheckout } from '../lib/cashfree'
import { savePendingOrder } from '../lib/pending-order'

const BENEFITS = [
  'See tuition requests from parents and students near you',
  'Filter requests by distance (up to 25 km), class and subject',
  "View parents' contact details (name, phone and e-mail) on the requests you choose",
  "Say you're interested in up to 30 requests a day, with one click",
  'Chat with parents and students in real time',
  'Priority e-mail and phone support',
] as const

/** Shown when nobody is logged in (any more): SPEC §5 / §8, then /login after 2 s. */
function LoggedOut({ message }: { message: string }) {
  return (
    <Stack gap="4" maxW="lg" mx="auto">
      <FormAlert status="error" message={message} />
      <Text color="fg.muted">Taking you to the login page…</Text>
      <Button asChild alignSelf="flex-start" variant="outline">
        <RouterLink to="/login">Log in now</RouterLink>
      </Button>
    </Stack>
  )
}

function ActiveSubscription({ expires }: { expires: string | null | undefined }) {
  return (
    <Card.Root recipe={cardSlotRecipe} maxW="lg" mx="auto" w="full" borderColor="green.600" borderWidth="2px">
      <Card.Body gap="4" alignItems="center" textAlign="center">
        <BadgeCheck aria-hidden size={48} color="#15803d" />
        <Heading as="h2" size="2xl">
          Subscription Active
        </Heading>
        <Text fontSize="lg">
          Valid until <time dateTime={expires ?? undefined}>{formatDate(expires, 'long')}</time>
        </Text>
        <Text color="fg.muted">Your Tutor Premium plan lets you find students near you and contact parents.</Text>
        <Button asChild size="lg">
          <RouterLink to="/nearby">Find Students Near You</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

function PlanCard({ busy, error, onSubscribe }: { busy: boolean; error: string | null; onSubscribe: () => void }) {
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
            Tutor Premium
          </Heading>
          <Badge colorPalette="green" variant="solid" bg="green.700" size="lg" borderRadius="full" px="3">
            Best Value
          </Badge>
        </Flex>
        <div>
          <Text fontSize="5xl" fontWeight="bold" lineHeight="1" color="fg">
            ₹{SUBSCRIPTION_PRICE_RUPEES}
            <Text as="span" fontSize="xl" fontWeight="medium" color="fg.muted">
              {' '}
              per year
            </Text>
          </Text>
          <Text mt="2" color="green.700" fontWeight="semibold">
            just ₹{SUBSCRIPTION_PRICE_PER_DAY} per day
          </Text>
        </div>
        <List.Root recipe={listSlotRecipe} variant="plain" gap="3" aria-label="Benefits">
          {BENEFITS.map((benefit) => (
            <List.Item key={benefit} alignItems="flex-start">
              <List.Indicator asChild color="green.700" mt="1">
                <Check aria-hidden size={18} />
              </List.Indicator>
              {benefit}
            </List.Item>
          ))}
        </List.Root>
        <FormAlert status="error" message={error} />
        <Button size="lg" w="full" loading={busy} loadingText="Processing..." onClick={onSubscribe}>
          Subscribe Now
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          One payment of ₹{SUBSCRIPTION_PRICE_RUPEES}, valid for one year. Your subscription starts as soon as the
          payment is confirmed.
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

/** /subscribe (SPEC §2 "Subscribe page", §4 "Payment start", §8 "Payment creation"). */
export default function Subscribe() {
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
  } else if (status.isPending) {
    content = (
      <Stack align="center" gap="3" py="10" role="status">
        <Spinner size="lg" color="blue.600" />
        <Text>Checking your subscription…</Text>
      </Stack>
    )
  } else {
    // The server's answer; if that check failed, the stored state (also the server's, from the profile).
    const expires = status.data ? status.data.subscriptionExpires : session.user?.subscriptionExpires
    const active = status.data ? status.data.subscriptionActive : session.subscribed
    content = active ? (
      <ActiveSubscription expires={expires} />
    ) : (
      <PlanCard busy={busy} error={error} onSubscribe={() => void onSubscribe()} />
    )
  }

  return (
    <Page title="Subscribe" subtitle="Find students near you with a Tutor Premium subscription.">
      <Stack gap="6">
        {!loggedOut && <DemoPaymentsNotice />}
        {content}
        <SupportLine />
      </Stack>
    </Page>
  )
}
