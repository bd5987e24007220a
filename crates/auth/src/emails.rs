//! The texts of the account e-mails.

use hometutor_mail::OutgoingEmail;

pub(crate) fn verification(to: &str, name: &str, otp: &str, link: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.to_string(),
        subject: "Verify your HomeTutor e-mail".into(),
        body: format!(
            "Hello {name},\n\nWelcome to HomeTutor. Your verification code: {otp}\n\n\
             The code is valid for 10 minutes. You can also verify by opening this link:\n{link}\n\n\
             If you did not create an account, you can ignore this e-mail.\n\n— HomeTutor"
        ),
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
    }
}
