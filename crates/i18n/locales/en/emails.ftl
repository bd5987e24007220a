## E-mails. Each body is what goes between the lines the code adds: blank lines are kept,
## the leading and trailing ones are not.

email-verification-subject = Verify your HomeTutor e-mail
email-verification-body =
    Hello { $name },

    Welcome to HomeTutor. Your verification code: { $otp }

    The code is valid for 10 minutes. You can also verify by opening this link:
    { $link }

    If you did not create an account, you can ignore this e-mail.

    — HomeTutor

email-already-registered-subject = Someone tried to register with your e-mail
email-already-registered-body =
    Hello,

    Someone tried to create a HomeTutor account with this e-mail address, but you already have one. If it was you, log in at { $loginUrl } or use 'Forgot/Reset Password' there.

    If it was not you, you can ignore this e-mail.

    — HomeTutor

email-password-reset-subject = Your HomeTutor password reset code
email-password-reset-body =
    Hello,

    Your password reset code: { $otp }

    The code is valid for 10 minutes. If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.

    — HomeTutor

email-password-changed-subject = Your HomeTutor password was changed
email-password-changed-body =
    Hello,

    Your HomeTutor password was changed, and every device that was logged in has been logged out.

    If you did not do this, reset your password at once at { $resetUrl } and tell us by replying to this e-mail.

    — HomeTutor

## Notification e-mails: one per notice, or a digest of new requests.

email-notice-greeting = Hello { $name },
email-notice-open-link = Open it on HomeTutor: { $url }
email-digest-subject =
    { $count ->
        [1] 1 new tuition request in your area
       *[other] { $count } new tuition requests in your area
    }
email-digest-intro = Here are the new tuition requests in your area since our last e-mail:
email-digest-more = …and { $more } more: { $url }
email-footer-reason = You receive this because of your e-mail choices for "{ $kind }" on HomeTutor.
email-footer-stop = Stop these e-mails with one click: { $url }
email-footer-choose = Choose which e-mails you get: { $url }
