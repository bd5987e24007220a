import { Input, type InputProps } from '@chakra-ui/react'
import { forwardRef } from 'react'
import { OTP_DIGITS } from '@/lib/constants'

/** Keeps only digits, at most six (SPEC §5). */
export function sanitizeOtp(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_DIGITS)
}

interface OtpInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string
  onValueChange: (digits: string) => void
}

export const OtpInput = forwardRef<HTMLInputElement, OtpInputProps>(function OtpInput(
  { value, onValueChange, ...rest },
  ref,
) {
  return (
    <Input
      {...rest}
      ref={ref}
      value={value}
      onChange={(event) => onValueChange(sanitizeOtp(event.target.value))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_DIGITS}
      fontSize="xl"
      letterSpacing="0.4em"
      fontFamily="mono"
    />
  )
})
