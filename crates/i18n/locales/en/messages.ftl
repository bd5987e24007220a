## Texts that are not a message of the catalogue (a person's own words) pass through this one.
plain-text = { $text }

## Success messages.

done-registered = Registration successful. Enter the 6-digit code we e-mailed you to verify your account.
done-email-verified = Email verified successfully. You can now log in.
done-already-verified = This e-mail address is already verified. You can sign in.
done-code-resent = If the address belongs to an unverified account, a new code is on its way.
done-logged-out = Logged out.
done-reset-sent = If an account exists for this e-mail, we have sent a reset code to it.
done-password-reset = Password reset successfully. You can now log in with your new password.
