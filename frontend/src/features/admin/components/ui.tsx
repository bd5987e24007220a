import { Box, Checkbox, Flex, Heading, NativeSelect, Spinner, Stack, Switch, Table } from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { switchSlotRecipe } from '@chakra-ui-theme/recipes/switch'
import { tableSlotRecipe } from '@chakra-ui-theme/recipes/table'
import type { ReactNode } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'

/** One admin section: an h2 and its content in a white panel. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="xl">
          {title}
        </Heading>
        {actions}
      </Flex>
      <Stack gap="4">{children}</Stack>
    </Box>
  )
}

/** Loading and error states of a query, or its content. */
export function QueryState({
  isPending,
  error,
  fallback,
  children,
}: {
  isPending: boolean
  error: unknown
  fallback: string
  children: ReactNode
}) {
  if (isPending)
    return (
      <Flex justify="center" py="6">
        <Spinner aria-label="Loading" color="blue.600" />
      </Flex>
    )
  if (error) return <FormAlert status="error" message={errorMessage(error, fallback)} />
  return <>{children}</>
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="md" maxW="100%">
      <Table.Root
        recipe={tableSlotRecipe}
        size="sm"
        variant="line"
        striped
        css={{ '& td, & th': { whiteSpace: 'nowrap' } }}
      >
        <Table.Caption srOnly>{caption}</Table.Caption>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  )
}

export function Toggle({
  label,
  checked,
  disabled,
  onChange,
  showLabel = false,
}: {
  label: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  /** Visible text next to the switch; otherwise the label is for screen readers only. */
  showLabel?: boolean
}) {
  return (
    <Switch.Root
      recipe={switchSlotRecipe}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="blue"
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label srOnly={!showLabel} fontWeight="normal">
        {label}
      </Switch.Label>
    </Switch.Root>
  )
}

export function RowCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean | 'indeterminate'
  onChange: (checked: boolean) => void
}) {
  return (
    <Checkbox.Root recipe={checkboxSlotRecipe} checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}

export function Select({
  value,
  onChange,
  children,
  name,
  id,
  ariaLabel,
  disabled,
}: {
  value: string
  onChange: (value: string) => void
  children: ReactNode
  name?: string
  id?: string
  ariaLabel?: string
  disabled?: boolean
}) {
  return (
    <NativeSelect.Root recipe={nativeSelectSlotRecipe} disabled={disabled}>
      <NativeSelect.Field
        name={name}
        id={id}
        aria-label={ariaLabel}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
