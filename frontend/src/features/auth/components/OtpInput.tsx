import { Input, type InputProps } from '@chakra-ui/react'
import { OTP_DIGITS } from '@/lib/constants'

/** Keeps only digits, at most six (SPEC §5). */
export function sanitizeOtp(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_DIGITS)
}

interface OtpInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string
  onValueChange: (digits: string) => void
}

export function OtpInput({ value, onValueChange, ...rest }: OtpInputProps) {
  return (
    <Input
      {...rest}
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
}
