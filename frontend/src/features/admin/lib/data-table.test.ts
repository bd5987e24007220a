import { describe, expect, it } from 'vitest'
import { cardLayout, type Column } from './data-table'

const column = (key: string, card?: Column<unknown>['card']): Column<unknown> => ({
  key,
  header: key,
  cell: () => key,
  card,
})

describe("an admin list's card layout", () => {
  it('puts the column marked title first and the actions last, the rest in table order', () => {
    const layout = cardLayout([column('when'), column('who', 'title'), column('what'), column('delete', 'actions')])
    expect(layout.title?.key).toBe('who')
    expect(layout.fields.map((c) => c.key)).toEqual(['when', 'what'])
    expect(layout.actions.map((c) => c.key)).toEqual(['delete'])
  })

  it('heads the card with the first column that is not an action when none is marked', () => {
    const layout = cardLayout([column('delete', 'actions'), column('file'), column('size')])
    expect(layout.title?.key).toBe('file')
    expect(layout.fields.map((c) => c.key)).toEqual(['size'])
    expect(layout.actions.map((c) => c.key)).toEqual(['delete'])
  })

  it('has no title when every column is an action', () => {
    const layout = cardLayout([column('a', 'actions')])
    expect(layout.title).toBeUndefined()
    expect(layout.fields).toEqual([])
  })
})
