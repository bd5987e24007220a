import { z } from '@/lib/zod'
import { ADMIN_MESSAGES } from './messages'

/**
 * A form's `<input type="file">` registered with react-hook-form: its value is the input's FileList
 * (nothing chosen: an empty list, or undefined before the input is touched). Valid with one file.
 */
export const fileSchema = z.object({
  files: z.pipe(
    z
      .custom<FileList | undefined>()
      .check(z.refine((files) => files !== undefined && files.length > 0, ADMIN_MESSAGES.selectFile)),
    z.transform((files) => files as FileList),
  ),
})
