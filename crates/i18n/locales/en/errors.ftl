## The `message` of error answers. The English is the spec's and the domain's Display, word
## for word (tests compare them).

error-invalid-credentials = Invalid email or password.
error-email-not-verified = Please verify your e-mail before logging in. Enter the code we sent you, or ask for a new one.
error-deactivated = This account has been deactivated. Please contact support.
error-invalid-code = Invalid or expired code. Please request a new one.
error-invalid-link = Invalid verification link.
error-rate-limited = Too many attempts. Please try again in { $minutes } minute(s).
error-too-many-code-emails = Too many code e-mails were requested from your network. Please try again in { $minutes } minute(s).
error-busy = Too many sign-ins right now. Please try again in a few seconds.
error-session-expired = Session expired. Please log in again.
error-already-exists = An account with this e-mail already exists.
error-account-not-found = Account not found.
error-not-found = Not found.
error-internal = An unexpected error occurred. Please try again.
error-database-unavailable = The service is briefly unavailable. Please try again in a few seconds.
error-storage-full = We cannot save anything right now because our storage is full. Please try again later.
error-admin-only = Admin access required.
error-too-many-requests = Too many requests. Please try again later.
error-too-many-messages-address = Too many messages from this address. Please try again later.
error-chat-slow-down = Too many messages; please slow down.
