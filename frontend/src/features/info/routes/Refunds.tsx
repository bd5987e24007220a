import { List, Text } from '@chakra-ui/react'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import { useSupportContacts } from '@/lib/support'
import { LegalPage } from './LegalPage'

export default function Refunds() {
  const support = useSupportContacts()
  return (
    <LegalPage
      title="Cancellations and Refunds"
      intro="This policy covers the HomeTutor tutor subscription of ₹499 per year."
      sections={[
        {
          title: 'Cancellation',
          body: 'You may cancel your subscription at any time. Cancellation takes effect at the end of the current subscription period; until then you keep full access.',
        },
        {
          title: 'No partial refunds',
          body: 'We do not give partial refunds for the unused part of a subscription period.',
        },
        {
          title: 'When we refund',
          body: (
            <>
              <Text>Refunds are given only in these cases, prorated where applicable:</Text>
              <List.Root recipe={listSlotRecipe} ps="5" gap="1">
                <List.Item>technical issues that prevented you from using the service;</List.Item>
                <List.Item>duplicate charges for the same subscription;</List.Item>
                <List.Item>the service being unavailable.</List.Item>
              </List.Root>
            </>
          ),
        },
        {
          title: 'How to request a refund',
          body: (
            <>
              <Text>E-mail {support.email} with:</Text>
              <List.Root recipe={listSlotRecipe} ps="5" gap="1">
                <List.Item>the e-mail address of your account;</List.Item>
                <List.Item>the payment date;</List.Item>
                <List.Item>the order ID;</List.Item>
                <List.Item>the reason for the refund.</List.Item>
              </List.Root>
            </>
          ),
        },
      ]}
    />
  )
}
