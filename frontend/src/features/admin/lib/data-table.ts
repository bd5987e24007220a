import type { ReactNode } from 'react'

/** One column of an admin list (`components/DataTable`). */
export interface Column<T> {
  key: string
  /** The column's header, and the field's label on a card. */
  header: string
  cell: (row: T) => ReactNode
  /**
   * Long text (names, e-mails, descriptions) wraps in its cell instead of widening the table; the
   * value is the cell's least width (a Chakra size).
   */
  wrap?: string
  /** On a card: `title` comes first without a label, `actions` last without one; others are fields. */
  card?: 'title' | 'actions'
}

export interface CardLayout<T> {
  title: Column<T> | undefined
  fields: Column<T>[]
  actions: Column<T>[]
}

/**
 * How a row's columns are laid out on a phone's card: the first column marked `title` (or, with
 * none marked, the first column) heads it, the columns marked `actions` close it, the rest are
 * labelled fields in the table's order.
 */
export function cardLayout<T>(columns: readonly Column<T>[]): CardLayout<T> {
  const title = columns.find((c) => c.card === 'title') ?? columns.find((c) => c.card !== 'actions')
  return {
    title,
    fields: columns.filter((c) => c !== title && c.card !== 'actions'),
    actions: columns.filter((c) => c.card === 'actions'),
  }
}
