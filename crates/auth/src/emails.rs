//! The texts of the account e-mails. Each carries its kind: the outbox erases
//! the body of a code e-mail once it is sent.

use hometutor_mail::{MailKind, OutgoingEmail};

pub(crate) fn verification(to: &str, name: &str, otp: &str, link: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.to_string(),
        subject: "Verify your HomeTutor e-mail".into(),
        body: format!(
            "Hello {name},\n\nWelcome to HomeTutor. Your verification code: {otp}\n\n\
             The code is valid for 10 minutes. You can also verify by opening this link:\n{link}\n\n\
             If you did not create an account, you can ignore this e-mail.\n\n— HomeTutor"
        ),
        kind: MailKind::VerificationCode,
    }
}

pub(crate) fn already_registered(to: &str, login_url: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.to_string(),
        subject: "Someone tried to register with your e-mail".into(),
        body: format!(
            "Hello,\n\nSomeone tried to create a HomeTutor account with this e-mail address, \
             but you already have one. If it was you, log in at {login_url} \
             or use 'Forgot/Reset Password' there.\n\nIf it was not you, you can ignore this e-mail.\n\n— HomeTutor"
        ),
        kind: MailKind::AlreadyRegistered,
    }
}

pub(crate) fn password_reset(to: &str, otp: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.to_string(),
        subject: "Your HomeTutor password reset code".into(),
        body: format!(
            "Hello,\n\nYour password reset code: {otp}\n\nThe code is valid for 10 minutes. \
             If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.\n\n— HomeTutor"
        ),
        kind: MailKind::ResetCode,
    }
}

/// Sent after every password change (the owner's reset or an admin's), so an
/// owner who did not ask for it learns at once. Nothing secret in it.
pub(crate) fn password_changed(to: &str, reset_url: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.to_string(),
        subject: "Your HomeTutor password was changed".into(),
        body: format!(
            "Hello,\n\nYour HomeTutor password was changed, and every device that was logged in \
             has been logged out.\n\nIf you did not do this, reset your password at once at {reset_url} \
             and tell us by replying to this e-mail.\n\n— HomeTutor"
        ),
        kind: MailKind::PasswordChanged,
    }
}
