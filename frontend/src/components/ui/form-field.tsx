import { Field } from '@chakra-ui/react'
import { fieldSlotRecipe } from '@chakra-ui-theme/recipes/field'
import type { ReactNode } from 'react'

interface FormFieldProps {
  label: ReactNode
  error?: string
  helperText?: ReactNode
  required?: boolean
  readOnly?: boolean
  children: ReactNode
}

/** A labelled field: the control inside gets the label, helper and error wired by id. */
export function FormField({ label, error, helperText, required, readOnly, children }: FormFieldProps) {
  return (
    <Field.Root recipe={fieldSlotRecipe} invalid={Boolean(error)} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
