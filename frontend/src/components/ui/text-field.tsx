import { Input, type InputProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { FormField } from './form-field'

interface TextFieldProps<T extends FieldValues, Output> extends Omit<InputProps, 'name' | 'form'> {
  form: UseFormReturn<T, unknown, Output>
  name: Path<T>
  label: ReactNode
  helperText?: ReactNode
  required?: boolean
}

/**
 * A labelled text input registered with `form`: its error (the schema's, or the server's
 * `fields` entry merged by `showServerError`) shows beneath it.
 */
export function TextField<T extends FieldValues, Output>({
  form,
  name,
  label,
  helperText,
  required,
  ...input
}: TextFieldProps<T, Output>) {
  const { error } = form.getFieldState(name, form.formState)
  return (
    <FormField label={label} required={required} helperText={helperText} error={error?.message}>
      <Input {...input} {...form.register(name)} />
    </FormField>
  )
}
