import { Button, Card, Spinner, Stack, Text } from '@chakra-ui/react'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { CircleCheck, CircleX } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES, SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { formatDate } from '@/lib/format'
import { useVerifyPayment } from '../api/verify-payment'
import { DetailList } from '../components/DetailList'
import { SupportLine } from '../components/SupportLine'
import { readPendingOrder } from '../lib/pending-order'

function Verifying() {
  return (
    <Stack align="center" gap="3" py="6" role="status">
      <Spinner size="xl" color="blue.600" />
      <Text fontSize="lg">Verifying your payment with the payment provider…</Text>
      <Text color="fg.muted">Please do not close or refresh this page.</Text>
    </Stack>
  )
}

function Success({ orderId, expires, simulated }: { orderId: string; expires: string; simulated: boolean }) {
  return (
    <Stack gap="5">
      <Stack align="center" gap="2" textAlign="center">
        <CircleCheck aria-hidden size={56} color="#15803d" />
        <Text fontSize="lg">Thank you! Your Tutor Premium subscription is now active.</Text>
      </Stack>
      {simulated && (
        <FormAlert
          status="info"
          message="This was a simulated payment: no money was charged. The server runs in simulated payment mode."
        />
      )}
      <DetailList
        items={[
          { label: 'Valid Until', value: <time dateTime={expires}>{formatDate(expires, 'long')}</time> },
          { label: 'Subscription Type', value: 'Annual Plan' },
          { label: 'Amount', value: `₹${SUBSCRIPTION_PRICE_RUPEES}` },
          { label: 'Order ID', value: orderId },
        ]}
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
        <Button asChild size="lg">
          <RouterLink to="/nearby">Find Students Near You</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to="/dashboard">Go to Dashboard</RouterLink>
        </Button>
      </Stack>
    </Stack>
  )
}

function Failure({ message, orderId }: { message: string; orderId: string }) {
  return (
    <Stack gap="5">
      <Stack align="center" textAlign="center">
        <CircleX aria-hidden size={56} color="#b91c1c" />
      </Stack>
      <FormAlert status="error" message={message} />
      <Text>
        If money was deducted from your account, don&apos;t worry: the payment will be confirmed automatically or
        refunded. Contact support
        {orderId ? (
          <>
            {' '}
            with your order ID{' '}
            <Text as="strong" wordBreak="break-all">
              {orderId}
            </Text>
          </>
        ) : null}{' '}
        if you need help.
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
        <Button asChild size="lg">
          <RouterLink to="/subscribe">Try Again</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to="/contact-us">Contact Support</RouterLink>
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
    title = 'Payment Verification Failed'
    content = <Failure message={MESSAGES.invalidPaymentSession} orderId="" />
  } else if (verify.isPending) {
    title = 'Verifying Payment'
    content = <Verifying />
  } else if (verify.isError) {
    title = 'Payment Verification Failed'
    content = <Failure message={errorMessage(verify.error, MESSAGES.paymentVerificationFailed)} orderId={orderId} />
  } else {
    title = 'Payment Successful!'
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
