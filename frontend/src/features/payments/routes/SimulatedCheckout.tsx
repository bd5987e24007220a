import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { FlaskConical } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES, SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { useSimulatePayment, type SimulatedOutcome } from '../api/simulate-payment'
import { DetailList } from '../components/DetailList'
import { SupportLine } from '../components/SupportLine'

/**
 * /payment/checkout?order_id=… : the checkout page of the simulated payment provider (the
 * server's default PAYMENT_MODE). Paying or cancelling only records the choice on the server;
 * the result page then asks the server to verify the order, as after a real checkout.
 */
export default function SimulatedCheckout() {
  const [params] = useSearchParams()
  const orderId = (params.get('order_id') ?? '').trim()
  const navigate = useNavigate()
  const simulate = useSimulatePayment()
  const [choice, setChoice] = useState<SimulatedOutcome | null>(null)

  const choose = (outcome: SimulatedOutcome) => {
    setChoice(outcome)
    simulate.mutate(
      { orderId, outcome },
      {
        onSuccess: () => navigate(`/payment-success?order_id=${encodeURIComponent(orderId)}`, { replace: true }),
        onError: () => setChoice(null),
      },
    )
  }

  return (
    <Page title="Checkout" subtitle="Confirm your Tutor Premium subscription.">
      <Stack gap="6">
        <Card.Root recipe={cardSlotRecipe} as="section" aria-labelledby="order-title" maxW="lg" mx="auto" w="full">
          <Card.Body gap="5">
            <Heading as="h2" id="order-title" size="xl" display="flex" alignItems="center" gap="2">
              <FlaskConical aria-hidden size={24} /> Order summary
            </Heading>
            <FormAlert
              status="info"
              message="Simulated payment — no money moves. This server uses a simulated payment provider for testing."
            />
            {!orderId ? (
              <>
                <FormAlert status="error" message={MESSAGES.invalidPaymentSession} />
                <Button asChild alignSelf="flex-start">
                  <RouterLink to="/subscribe">Back to Subscribe</RouterLink>
                </Button>
              </>
            ) : (
              <>
                <DetailList
                  items={[
                    { label: 'Plan', value: 'Tutor Premium' },
                    { label: 'Subscription Type', value: 'Annual Plan (1 year)' },
                    { label: 'Order ID', value: orderId },
                    { label: 'Amount', value: `₹${SUBSCRIPTION_PRICE_RUPEES}` },
                  ]}
                />
                {simulate.isError && (
                  <FormAlert status="error" message={errorMessage(simulate.error, MESSAGES.paymentFailed)} />
                )}
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                  <Button
                    size="lg"
                    flex="1"
                    loading={choice === 'paid'}
                    loadingText="Processing..."
                    disabled={choice !== null}
                    onClick={() => choose('paid')}
                  >
                    Pay ₹{SUBSCRIPTION_PRICE_RUPEES}
                  </Button>
                  <Button
                    size="lg"
                    flex="1"
                    variant="outline"
                    loading={choice === 'cancelled'}
                    loadingText="Cancelling..."
                    disabled={choice !== null}
                    onClick={() => choose('cancelled')}
                  >
                    Cancel
                  </Button>
                </Stack>
                <Text fontSize="sm" color="fg.muted">
                  After you choose, we ask the server to verify this order, exactly as after a real payment.
                </Text>
              </>
            )}
          </Card.Body>
        </Card.Root>
        <SupportLine />
      </Stack>
    </Page>
  )
}
