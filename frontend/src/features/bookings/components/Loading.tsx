import { Flex, Spinner } from '@chakra-ui/react'

/** The bookings' screens while they load: a spinner, named for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Flex justify="center" py="10" role="status" aria-label={label}>
      <Spinner size="lg" color="blue.600" />
    </Flex>
  )
}
