import { Box, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { cardLayout, type Column } from '../lib/data-table'
import { ScrollTable } from './ui'
import { useWideScreen } from '@/lib/use-wide-screen'

export type { Column } from '../lib/data-table'

interface DataTableProps<T> {
  /** Names the table, and the list of cards on a phone. */
  caption: string
  rows: readonly T[]
  rowKey: (row: T) => string | number
  columns: readonly Column<T>[]
}

/**
 * An admin list: a table from the md breakpoint, its long texts wrapping in their cells (so it fits
 * 1280 px beside the menu), and below it one card per row, its title first, then each other column
 * as "label: value", the actions last. Only one of the two is rendered, so each control exists once
 * (a hidden copy would still be found by its name).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const asTable = useWideScreen()
  return asTable ? <Grid {...props} /> : <Cards {...props} />
}

function Grid<T>({ caption, rows, rowKey, columns }: DataTableProps<T>) {
  return (
    <ScrollTable caption={caption}>
      <Table.Header>
        <Table.Row>
          {columns.map((c) => (
            <Table.ColumnHeader key={c.key}>{c.header}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={rowKey(row)}>
            {columns.map((c) =>
              c.wrap ? (
                <Table.Cell key={c.key} data-wrap minW={c.wrap} maxW="64" overflowWrap="anywhere">
                  {c.cell(row)}
                </Table.Cell>
              ) : (
                <Table.Cell key={c.key}>{c.cell(row)}</Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  )
}

function Cards<T>({ caption, rows, rowKey, columns }: DataTableProps<T>) {
  const { title, fields, actions } = cardLayout(columns)
  return (
    <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" aria-label={caption}>
      {rows.map((row) => (
        <Box as="li" key={rowKey(row)} borderWidth="1px" borderColor="border" borderRadius="md" p="3">
          <Stack gap="2">
            {title && (
              <Box fontWeight="medium" overflowWrap="anywhere">
                {title.cell(row)}
              </Box>
            )}
            {fields.map((c) => (
              <Field key={c.key} label={c.header}>
                {c.cell(row)}
              </Field>
            ))}
            {actions.map((c) => (
              <Box key={c.key}>{c.cell(row)}</Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box fontSize="sm" overflowWrap="anywhere">
      <Text as="span" color="fg.muted">
        {label}:{' '}
      </Text>
      {children}
    </Box>
  )
}
