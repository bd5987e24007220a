//! The texts of the account e-mails, from the catalogue (`crates/i18n/locales/*/emails.ftl`)
//! in the recipient's language. Each carries its kind: the outbox erases the body of a
//! code e-mail once it is sent.

use hometutor_i18n::{text, Arg, Language};
use hometutor_mail::{MailKind, OutgoingEmail};

fn email(to: &str, language: Language, name: &str, args: &[(&str, Arg)], kind: MailKind) -> OutgoingEmail {
    OutgoingEmail {
        to: to.to_string(),
        subject: text(language, &format!("email-{name}-subject"), args),
        body: text(language, &format!("email-{name}-body"), args),
        kind,
    }
}

pub(crate) fn verification(to: &str, name: &str, otp: &str, link: &str, language: Language) -> OutgoingEmail {
    let args = [("name", name.into()), ("otp", otp.into()), ("link", link.into())];
    email(to, language, "verification", &args, MailKind::VerificationCode)
}

pub(crate) fn already_registered(to: &str, login_url: &str, language: Language) -> OutgoingEmail {
    email(to, language, "already-registered", &[("loginUrl", login_url.into())], MailKind::AlreadyRegistered)
}

pub(crate) fn password_reset(to: &str, otp: &str, language: Language) -> OutgoingEmail {
    email(to, language, "password-reset", &[("otp", otp.into())], MailKind::ResetCode)
}

/// Sent after every password change (the owner's reset or an admin's), so an
/// owner who did not ask for it learns at once. Nothing secret in it.
pub(crate) fn password_changed(to: &str, reset_url: &str, language: Language) -> OutgoingEmail {
    email(to, language, "password-changed", &[("resetUrl", reset_url.into())], MailKind::PasswordChanged)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English texts as they were before the catalogue, byte for byte.
    #[test]
    fn english_texts_are_unchanged() {
        let v = verification("a@x.in", "Asha", "123456", "http://l/v", Language::En);
        assert_eq!(v.subject, "Verify your HomeTutor e-mail");
        assert_eq!(
            v.body,
            "Hello Asha,\n\nWelcome to HomeTutor. Your verification code: 123456\n\n\
             The code is valid for 10 minutes. You can also verify by opening this link:\nhttp://l/v\n\n\
             If you did not create an account, you can ignore this e-mail.\n\n— HomeTutor"
        );
        let a = already_registered("a@x.in", "http://l/login", Language::En);
        assert_eq!(a.subject, "Someone tried to register with your e-mail");
        assert_eq!(
            a.body,
            "Hello,\n\nSomeone tried to create a HomeTutor account with this e-mail address, \
             but you already have one. If it was you, log in at http://l/login \
             or use 'Forgot/Reset Password' there.\n\nIf it was not you, you can ignore this e-mail.\n\n— HomeTutor"
        );
        let r = password_reset("a@x.in", "654321", Language::En);
        assert_eq!(r.subject, "Your HomeTutor password reset code");
        assert_eq!(
            r.body,
            "Hello,\n\nYour password reset code: 654321\n\nThe code is valid for 10 minutes. \
             If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.\n\n— HomeTutor"
        );
        let c = password_changed("a@x.in", "http://l/login", Language::En);
        assert_eq!(c.subject, "Your HomeTutor password was changed");
        assert_eq!(
            c.body,
            "Hello,\n\nYour HomeTutor password was changed, and every device that was logged in \
             has been logged out.\n\nIf you did not do this, reset your password at once at http://l/login \
             and tell us by replying to this e-mail.\n\n— HomeTutor"
        );
    }

    #[test]
    fn hindi_texts_carry_the_code_and_link() {
        let v = verification("a@x.in", "Asha", "123456", "http://l/v", Language::Hi);
        assert_eq!(v.subject, "अपना HomeTutor ई-मेल सत्यापित करें");
        assert!(v.body.starts_with("नमस्ते Asha,\n\n") && v.body.contains("123456") && v.body.contains("\nhttp://l/v\n"));
    }
}
