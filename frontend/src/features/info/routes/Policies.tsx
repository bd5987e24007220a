import Privacy from './Privacy'
import Refunds from './Refunds'
import Terms from './Terms'

const PAGES = { terms: Terms, privacy: Privacy, refunds: Refunds }

/**
 * The three policy pages behind one lazy import: they are small, and each lazy route adds a few
 * bytes to the landing route's first load (its 150 KB budget).
 */
export default function Policies({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page]
  return <Page />
}
