import { lazy, type ComponentType } from 'react'

const loadQueryLayer = () => import('./query-layer')

/**
 * `lazy()` for a screen or shell part that asks the server through TanStack Query: its code and
 * the query layer load together (in parallel, no waterfall), and it renders inside the layer.
 * The landing page does not use it, so its first load carries no query library (the page-weight budget).
 */
export function lazyWithQueries<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(async () => {
    const [{ default: Component }, { QueryLayer }] = await Promise.all([load(), loadQueryLayer()])
    function WithQueries(props: Props) {
      return (
        <QueryLayer>
          <Component {...props} />
        </QueryLayer>
      )
    }
    WithQueries.displayName = `WithQueries(${Component.displayName ?? Component.name})`
    return { default: WithQueries }
  })
}
