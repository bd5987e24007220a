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
done-interest-sent = The parent can now see your interest and contact details.
done-payment-session = Payment session created.
done-payment-verified = Payment verified. Your subscription is active.
done-ticket-sent = Thank you! Your message has been sent. We usually answer within 2-4 hours.
done-request-flagged = Request flagged.
done-flag-removed = Flag removed.
done-tutor-assigned = Tutor assigned.
done-user-deleted = User deleted.
done-user-password-reset = Password reset. The user must log in again.
done-broadcast-sent = Broadcast sent.
done-asset-deleted = Asset deleted.
done-logo-uploaded = Logo uploaded.
done-banner-uploaded = Banner uploaded.
done-file-uploaded = File uploaded successfully!
done-files-uploaded = { $count } file(s) uploaded successfully!
done-file-deleted = File deleted successfully!
