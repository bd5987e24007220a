import { lazy, type ComponentType } from 'react'
import { i18n } from '@/lib/i18n'

const loadQueryLayer = () => import('./query-layer')

/**
 * `lazy()` for a screen or shell part that asks the server through TanStack Query: its code, the
 * query layer and the `shared` catalogue (the messages, dialogs and fields screens share) load
 * together (in parallel, no waterfall), and it renders inside the layer. The landing page does not
 * use it, so its first load carries neither the query library nor that catalogue (the page-weight budget).
 */
export function lazyWithQueries<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(async () => {
    const [{ default: Component }, { QueryLayer }] = await Promise.all([
      load(),
      loadQueryLayer(),
      i18n.loadNamespaces(['shared']),
    ])
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
