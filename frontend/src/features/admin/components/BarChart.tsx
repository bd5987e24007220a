import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'

/** A horizontal bar chart made of boxes: each bar has its label and value as text (no chart library). */
export function BarChart({ label, items }: { label: string; items: { name: string; value: number }[] }) {
  const { t } = useTranslation()
  if (items.length === 0) return <Text color="fg.muted">{t('admin:common.noData')}</Text>
  const max = Math.max(...items.map((i) => i.value), 1)
  return (
    <Stack as="ul" aria-label={label} gap="2" listStyleType="none" m="0" p="0">
      {items.map((item) => (
        <Box as="li" key={item.name}>
          <Flex justify="space-between" fontSize="sm" gap="2">
            <Text truncate>{item.name}</Text>
            <Text fontWeight="semibold">{formatNumber(item.value)}</Text>
          </Flex>
          <Box bg="blue.50" borderRadius="sm" h="3" mt="1" aria-hidden>
            <Box bg="blue.600" h="full" borderRadius="sm" w={`${Math.max((item.value / max) * 100, 2)}%`} />
          </Box>
        </Box>
      ))}
    </Stack>
  )
}
