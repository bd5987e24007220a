import { Box, Flex, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** Label/value pairs (an order summary, a subscription's details) as a description list. */
export function DetailList({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <Box as="dl" borderWidth="1px" borderColor="border" borderRadius="lg" overflow="hidden">
      {items.map(({ label, value }, index) => (
        <Flex
          key={label}
          justify="space-between"
          gap="4"
          px="4"
          py="3"
          borderTopWidth={index === 0 ? '0' : '1px'}
          borderColor="border"
          wrap="wrap"
        >
          <Text as="dt" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" fontWeight="semibold" textAlign={{ base: 'start', sm: 'end' }} wordBreak="break-all">
            {value}
          </Text>
        </Flex>
      ))}
    </Box>
  )
}
