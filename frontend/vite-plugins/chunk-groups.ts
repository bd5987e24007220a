import type { Rolldown } from 'vite'

// Bytes on the wire: which files the build makes. Every request costs its headers
// (~0.75 KB here), so files are few, and a file holds what the screens that load it need:
// - shell: everything the entry imports (with the landing page's own file, the whole first visit);
// - forms: the form libraries;
// - ui: what four or more screens share, libraries and the app's own foundations (the API client,
//   the query layer, lib/, each feature's queries, the form fields): one file instead of ~15 tiny
//   ones on every screen that asks the server. Not what only an open dialog needs, not lucide's
//   icons, and not the app's code the landing page reaches (which would then load this file).
//   What only two or three screens share (checkboxes, the progress bar, tables, lists, the
//   password field, a few features' queries: ~8 KB) stays with those screens or in a file they
//   share, so that the others (a tutor's /nearby with its map, the heaviest) do not carry it;
// - overlay: Chakra's dialog and drawer with their machines (focus trap, dismissal, scroll lock:
//   ~12 KB), loaded by the screens that hold a dialog, not by every screen;
// - places: the place search with its map view, and the subject and class select it sits beside
//   on every screen that has it (a tutor's dashboard and /nearby, the request form, tutor search):
//   one file instead of two (the chips and radios, each drawn by one screen, stay with it), and the
//   phone's folded search filters that the search screens among them draw;
// - teaching-area: the area's queries and the map icons the tutor's area and place screens share,
//   and English's tuition catalogue, which the screens a tutor's area is on read (a file fewer for them);
// - session: the logged-in shell's parts (profile and subscription sync, chat connection, the
//   bell, "My classes" with its count), lazy imports of one file, and the demo-payments notice a
//   tutor's screens show.
// Each screen's own code stays apart.

const NODE_MODULES = /[\\/]node_modules[\\/]/
const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/]/

const OVERLAY =
  /[\\/]node_modules[\\/](@zag-js[\\/](dialog|focus-trap|aria-hidden|remove-scroll|dismissable|interact-outside|presence)[\\/]|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/](dialog|presence|portal|drawer)[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](components[\\/](dialog|drawer|portal)[\\/]|theme[\\/]recipes[\\/](dialog|drawer)\.))/

/** The app's own modules that belong with the shared libraries when two screens use them (the admin's
 * sections share theirs among themselves). */
const FOUNDATION =
  /[\\/]src[\\/](api|lib)[\\/]|[\\/]src[\\/]app[\\/]query-layer\.tsx$|[\\/]src[\\/]components[\\/](page|labeled-text|moderation[\\/]ReportButton|ui[\\/](form-field|form-alert|text-field|password-input))\.tsx$|[\\/]src[\\/]features[\\/](?!admin[\\/])[^\\/]+[\\/](api|lib)[\\/]/

const SESSION =
  /[\\/]src[\\/](app[\\/]layout[\\/](ProfileSync|SubscriptionSync)|features[\\/]chat[\\/]components[\\/]ChatConnector|features[\\/]notifications[\\/]components[\\/]NotificationBell|features[\\/]bookings[\\/]components[\\/]ClassesNavLink|components[\\/]demo-payments-notice)\.tsx$|[\\/]src[\\/]features[\\/]bookings[\\/]api[\\/]count\.ts$/

/** What the teaching-area and place-search screens share (a tutor's dashboard, /nearby, /profile): the
 * area's queries, the two map icons (and the check mark /profile draws) and English's tuition catalogue, one file instead of five small ones. */
const TEACHING_AREA =
  /[\\/]src[\\/]features[\\/]tuition[\\/]api[\\/](area|keys|types)\.ts$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](map-pin|locate-fixed|check)\.mjs$|[\\/]src[\\/]locales[\\/]en[\\/]tuition\.json$/

/** The place search, the map view and the vocabulary's select (with what they import). The chips (a
 * tutor's area only) and the radios (the request form only) stay with their one screen each (and
 * are not in the vocabulary's index: a group takes in what its modules import). */
const PLACES =
  /[\\/]src[\\/](components[\\/](places[\\/](PlaceSearch|PlaceSuggestions)\.tsx|places[\\/](api|types)\.ts|map[\\/]MapView\.tsx|filter-sheet\.tsx)|features[\\/]vocabulary[\\/](?!components[\\/]Term(Chips|Radios)\.tsx$).*)$/

const LANDING = /[\\/]src[\\/]features[\\/]landing[\\/]/

/** Chakra's checkbox with its machine (~4 KB compressed): the few forms that draw one (registration,
 * the tutors' filters, verification, the admin's tables) share it, not the screens that show a list
 * or a map (a tutor's dashboard and /nearby, the heaviest), so it is not `ui`. */
const CHECKBOX =
  /[\\/]node_modules[\\/](@zag-js[\\/](checkbox|focus-visible)[\\/]|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]checkbox[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](components[\\/]checkbox[\\/]|theme[\\/]recipes[\\/]checkbox\.))/

/** Chakra's progress bar with its machine (~2.5 KB compressed): only the tutor's set-up screens draw
 * it (the onboarding flow and the dashboard's set-up card, both loaded on demand), so it stays with
 * them and not in `ui`, which every signed-in screen loads. */
const PROGRESS =
  /[\\/]node_modules[\\/](@zag-js[\\/]progress[\\/]|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]progress[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](components[\\/]progress[\\/]|theme[\\/]recipes[\\/]progress\.))/

const FORMS = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|[\\/]src[\\/]lib[\\/]zod\.ts$/

type ModuleInfoOf = (id: string) => { importers: readonly string[]; importedIds: readonly string[] } | null

/** Whether the landing page's own modules import `id`, directly or through the app's modules. */
function landingReaches(
  id: string,
  moduleInfo: ModuleInfoOf,
  memo: Map<string, boolean>,
  seen = new Set<string>(),
): boolean {
  const known = memo.get(id)
  if (known !== undefined) return known
  if (seen.has(id)) return false
  seen.add(id)
  const reached: boolean =
    LANDING.test(id) || (moduleInfo(id)?.importers ?? []).some((by) => landingReaches(by, moduleInfo, memo, seen))
  memo.set(id, reached)
  return reached
}

export function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  const landingMemo = new Map<string, boolean>()
  return [
    { name: 'shell', tags: ['$initial'], priority: 30 },
    { name: 'forms', test: FORMS, priority: 20 },
    { name: 'teaching-area', test: TEACHING_AREA, priority: 14 },
    { name: 'places', test: PLACES, priority: 13 },
    {
      // Libraries' barrels (Chakra's, lucide's) import everything, so the landing page's reach is
      // asked of the app's modules only; lucide's icons stay in the files of the screens that draw
      // them (the landing page's are its own, and one shared icon must not pull this file in). A
      // module that imports the form libraries stays with its screens: this file would pull them in.
      name: (id, ctx) => {
        if (OVERLAY.test(id) || LUCIDE.test(id) || CHECKBOX.test(id) || PROGRESS.test(id)) return null
        if (NODE_MODULES.test(id)) return 'ui'
        const moduleInfo: ModuleInfoOf = (m) => ctx.getModuleInfo(m)
        if (!FOUNDATION.test(id) || (moduleInfo(id)?.importedIds ?? []).some((m) => FORMS.test(m))) return null
        return landingReaches(id, moduleInfo, landingMemo) ? null : 'ui'
      },
      minShareCount: 4,
      priority: 15,
    },
    { name: 'session', test: SESSION, priority: 12 },
    { name: 'overlay', test: OVERLAY, priority: 10 },
  ]
}
