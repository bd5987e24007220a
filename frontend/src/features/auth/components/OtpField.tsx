import type { ReactNode } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { OtpInput } from './OtpInput'

interface OtpFieldProps<T extends FieldValues, Output> {
  control: Control<T, unknown, Output>
  name: Path<T>
  label: ReactNode
  helperText?: ReactNode
  textAlign?: 'center'
}

/** The e-mailed code as a form field: digits only, at most six, one for verifying and resetting alike. */
export function OtpField<T extends FieldValues, Output>({
  control,
  name,
  label,
  helperText,
  textAlign,
}: OtpFieldProps<T, Output>) {
  return (
    <FormField label={label} required helperText={helperText}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <OtpInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            textAlign={textAlign}
          />
        )}
      />
    </FormField>
  )
}
