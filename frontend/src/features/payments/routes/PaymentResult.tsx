import { Button, Card, Spinner, Stack, Text } from '@chakra-ui/react'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { CircleCheck, CircleX } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { formatDate, formatMoney } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useVerifyPayment } from '../api/verify-payment'
import { DetailList } from '../components/DetailList'
import { SupportLine } from '../components/SupportLine'
import { readPendingOrder } from '../lib/pending-order'

function Verifying() {
  const { t } = useTranslation('payments')
  return (
    <Stack align="center" gap="3" py="6" role="status">
      <Spinner size="xl" color="blue.600" />
      <Text fontSize="lg">{t('payments:result.verifying')}</Text>
      <Text color="fg.muted">{t('payments:result.doNotClose')}</Text>
    </Stack>
  )
}

function Success({ orderId, expires, simulated }: { orderId: string; expires: string; simulated: boolean }) {
  const { t } = useTranslation('payments')
  return (
    <Stack gap="5">
      <Stack align="center" gap="2" textAlign="center">
        <CircleCheck aria-hidden size={56} color="#15803d" />
        <Text fontSize="lg">{t('payments:result.thanks')}</Text>
      </Stack>
      {simulated && <FormAlert status="info" message={t('payments:result.simulated')} />}
      <DetailList
        items={[
          {
            label: t('payments:details.validUntil'),
            value: <time dateTime={expires}>{formatDate(expires, 'long')}</time>,
          },
          { label: t('payments:details.subscriptionType'), value: t('payments:details.annualPlan') },
          { label: t('payments:details.amount'), value: formatMoney(SUBSCRIPTION_PRICE_RUPEES) },
          { label: t('payments:details.orderId'), value: orderId },
        ]}
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
        <Button asChild size="lg">
          <RouterLink to="/nearby">{t('payments:active.findStudents')}</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to="/dashboard">{t('payments:result.goToDashboard')}</RouterLink>
        </Button>
      </Stack>
    </Stack>
  )
}

function Failure({ message, orderId }: { message: string; orderId: string }) {
  const { t } = useTranslation('payments')
  return (
    <Stack gap="5">
      <Stack align="center" textAlign="center">
        <CircleX aria-hidden size={56} color="#b91c1c" />
      </Stack>
      <FormAlert status="error" message={message} />
      <Text>
        {t('payments:result.reassurance')}{' '}
        {orderId ? (
          <>
            {t('payments:result.contactWithOrderBefore')}{' '}
            <Text as="strong" wordBreak="break-all">
              {orderId}
            </Text>{' '}
            {t('payments:result.contactWithOrderAfter')}
          </>
        ) : (
          t('payments:result.contactSupport')
        )}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
        <Button asChild size="lg">
          <RouterLink to="/subscribe">{t('payments:result.tryAgain')}</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to="/contact-us">{t('payments:result.contactSupportButton')}</RouterLink>
        </Button>
      </Stack>
    </Stack>
  )
}

/**
 * /payment-success?order_id=… (SPEC §2 "Payment result page", §4 "Payment page"): where a checkout
 * returns. Only the server's verification of the order makes the subscription active.
 */
export default function PaymentResult() {
  const { t } = useTranslation('payments')
  const [params] = useSearchParams()
  const orderId = (params.get('order_id') ?? params.get('orderId') ?? '').trim()
  // Read before verification clears the pending order.
  const [simulated] = useState(() => {
    const pending = readPendingOrder()
    return pending?.provider === 'simulated' && pending.orderId === orderId
  })
  const verify = useVerifyPayment(orderId)

  let title: string
  let content
  if (!orderId) {
    title = t('payments:result.failedTitle')
    content = <Failure message={MESSAGES.invalidPaymentSession} orderId="" />
  } else if (verify.isPending) {
    title = t('payments:result.verifyingTitle')
    content = <Verifying />
  } else if (verify.isError) {
    title = t('payments:result.failedTitle')
    content = <Failure message={errorMessage(verify.error, MESSAGES.paymentVerificationFailed)} orderId={orderId} />
  } else {
    title = t('payments:result.successTitle')
    content = <Success orderId={orderId} expires={verify.data.subscriptionExpires ?? ''} simulated={simulated} />
  }

  return (
    <Page title={title}>
      <Stack gap="6">
        <Card.Root recipe={cardSlotRecipe} maxW="xl" mx="auto" w="full">
          <Card.Body>{content}</Card.Body>
        </Card.Root>
        <SupportLine />
      </Stack>
    </Page>
  )
}
