import { Alert } from '@chakra-ui/react'
import { alertSlotRecipe } from '@chakra-ui-theme/recipes/alert'

/** An inline message for a form: errors and successes both announced to screen readers. */
export function FormAlert({ status, message }: { status: 'error' | 'success' | 'info'; message: string | null }) {
  if (!message) return null
  return (
    <Alert.Root
      recipe={alertSlotRecipe}
      status={status}
      role={status === 'error' ? 'alert' : 'status'}
      borderRadius="md"
    >
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  )
}
