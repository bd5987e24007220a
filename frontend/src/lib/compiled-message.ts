// The contract between the catalogue compiler (vite-plugins/icu-catalogues.ts), which emits messages
// as functions calling these helpers, and the runtime (./i18n.ts), which supplies them per locale.
// Types only, so both the app and the build can import it.

/** What a compiled message calls, bound to one locale. */
export interface MessageHelpers {
  /** A simple argument as text ('' for none). */
  s(value: unknown): string
  /** A number in the locale, with Intl.NumberFormat options. */
  n(value: unknown, options?: Intl.NumberFormatOptions): string
  /** A date or time in the locale, with Intl.DateTimeFormat options. */
  d(value: unknown, options?: Intl.DateTimeFormatOptions): string
  /** A plural (ordinal when `ordinal` is 1): the option for `=value`, else for its category, else `other`. */
  p(value: unknown, offset: number, ordinal: number, options: Record<string, (n: number) => string>): string
  /** A select: the option named by the value, else `other`. */
  e(value: unknown, options: Record<string, () => string>): string
}
export type MessageValues = Record<string, unknown>
/** One message: plain text stays a string; a message with arguments is a function. */
export type CompiledMessage = string | ((values: MessageValues, helpers: MessageHelpers) => string)
/** One compiled catalogue: 'group.key' → its text or its function. */
export type CompiledCatalogue = Record<string, CompiledMessage>
