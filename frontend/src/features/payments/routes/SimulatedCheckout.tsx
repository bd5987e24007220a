import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { FlaskConical } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { formatMoney } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { MESSAGES } from '@/lib/messages'
import { useSimulatePayment, type SimulatedOutcome } from '../api/simulate-payment'
import { DetailList } from '../components/DetailList'
import { SupportLine } from '../components/SupportLine'

/**
 * /payment/checkout?order_id=… : the checkout page of the simulated payment provider (the
 * server's default PAYMENT_MODE). Paying or cancelling only records the choice on the server;
 * the result page then asks the server to verify the order, as after a real checkout.
 */
export default function SimulatedCheckout() {
  const { t } = useTranslation('payments')
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
    <Page title={t('payments:checkout.title')} subtitle={t('payments:checkout.subtitle')}>
      <Stack gap="6">
        <Card.Root recipe={cardSlotRecipe} as="section" aria-labelledby="order-title" maxW="lg" mx="auto" w="full">
          <Card.Body gap="5">
            <Heading as="h2" id="order-title" size="xl" display="flex" alignItems="center" gap="2">
              <FlaskConical aria-hidden size={24} /> {t('payments:checkout.summary')}
            </Heading>
            <FormAlert status="info" message={t('payments:checkout.simulated')} />
            {!orderId ? (
              <>
                <FormAlert status="error" message={MESSAGES.invalidPaymentSession} />
                <Button asChild alignSelf="flex-start">
                  <RouterLink to="/subscribe">{t('payments:checkout.backToSubscribe')}</RouterLink>
                </Button>
              </>
            ) : (
              <>
                <DetailList
                  items={[
                    { label: t('payments:details.plan'), value: t('payments:plan.name') },
                    { label: t('payments:details.subscriptionType'), value: t('payments:details.annualPlanYear') },
                    { label: t('payments:details.orderId'), value: orderId },
                    { label: t('payments:details.amount'), value: formatMoney(SUBSCRIPTION_PRICE_RUPEES) },
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
                    loadingText={t('payments:plan.processing')}
                    disabled={choice !== null}
                    onClick={() => choose('paid')}
                  >
                    {t('payments:checkout.pay', { price: formatMoney(SUBSCRIPTION_PRICE_RUPEES) })}
                  </Button>
                  <Button
                    size="lg"
                    flex="1"
                    variant="outline"
                    loading={choice === 'cancelled'}
                    loadingText={t('payments:checkout.cancelling')}
                    disabled={choice !== null}
                    onClick={() => choose('cancelled')}
                  >
                    {t('shared:ui.cancel')}
                  </Button>
                </Stack>
                <Text fontSize="sm" color="fg.muted">
                  {t('payments:checkout.after')}
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
