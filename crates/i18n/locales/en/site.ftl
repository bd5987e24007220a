## Messaging, uploads, payments, the admin panel and notification choices: the `message` of
## their errors and their fields' sentences. The English is each domain's Display, word for word.

error-message-empty = Message cannot be empty
error-message-too-long = Message is too long (at most 2000 characters).
error-message-control = Message must not contain control characters.
error-blocked = This user is not accepting your messages.
error-self-block = You cannot block yourself.
error-user-not-found = User not found.
error-contact-not-allowed = You can message this person once they contact you or through one of their tuition requests.
error-tuition-request-not-found = Tuition request not found.

error-file-too-large = File { $name } is too large. Maximum size is { $limitMb }MB.
error-file-not-allowed = File { $name } is not allowed: only images (JPEG, PNG, GIF, WebP), PDF, .doc and .docx.
error-file-mismatch = File { $name } does not match its extension.
error-file-damaged = File { $name } is damaged or incomplete.
error-image-too-large = Image { $name } is too large. Images may be at most { $maxSide } × { $maxSide } pixels.
error-upload-quota = You have used your { $limitMb } MB of uploads. Delete some files to upload more.
error-too-many-uploads = You have uploaded { $count } files in the last hour. Try again later.
error-file-not-found = File not found.
error-file-not-yours = You can only delete your own files.
error-storage-unavailable = Uploaded files are briefly unavailable. Please try again in a few seconds.

error-subscribe-tutors-only = Only tutors can subscribe. Please log in as a tutor.
error-order-not-found = Order not found.
error-payment-not-completed = Payment not completed yet. If you were charged, your subscription will be activated automatically within a few minutes.
error-payment-closed = This payment was cancelled or has expired. Please try again.
error-payment-mismatch = The payment did not match this order. Please contact support.
error-payment-provider = Payment setup failed: the payment provider could not be reached. Please try again later.
error-bad-signature = Invalid webhook signature.

error-asset-not-found = Asset not found.
error-testimonial-not-found = Testimonial not found.
error-admin-refused-self = You cannot { $verb } your own account.
error-admin-refused-last = You cannot { $verb } the last admin.
error-testimonial-pending = You already have testimonials waiting for approval; please wait for them to be reviewed.
error-testimonial-parents-only = Only parents can submit a testimonial.
error-unsubscribe-link = This unsubscribe link is not valid. Change your e-mail choices on your profile instead.

validation-badges-max = At most { $max } badges.
validation-badge-length = A badge must be at most { $max } characters.
validation-asset-type = assetType must be logo, banner, ad or misc.
validation-image-required = Please choose an image (JPEG, PNG, GIF or WebP).
validation-users-select = Please select users first
validation-support-email-required = Support e-mail is required.
validation-support-email-invalid = Please enter a valid support e-mail address.
validation-support-phone-required = Support phone is required.
validation-support-phone-invalid = Please enter a valid support phone number (7 to 15 digits).
validation-json-invalid = { $label } is not valid JSON: { $error }.
validation-list-max = { $label } can hold at most { $max } entries.
validation-json-array = { $label } must be a JSON array, for example ["…"].
validation-banners = At most { $max } banners of at most { $chars } characters each.
validation-content-size = The content is too large (at most 64 KB).
validation-preferences-max = At most { $max } preferences at a time.
validation-notifications-limit = limit must be between 1 and { $max }.
validation-ids-max = At most { $max } ids at a time.
validation-preference-kind = '{ $kind }' is not a kind of notification you receive.
validation-preference-email = E-mail for '{ $kind }' must be one of: { $choices }.
validation-preference-twice = '{ $kind }' is given twice.

# A tutor's shared link as previews show it (the page's title, description and photo text).
page-tutor-headline = { $name } · Home tutor
page-tutor-headline-place = { $name } · Home tutor near { $place }
page-tutor-description = { $name }: Home tutor. Fees, availability and reviews on { $site }.
page-tutor-description-place = { $name }: Home tutor near { $place }. Fees, availability and reviews on { $site }.
page-tutor-description-subjects = { $name }: Home tutor for { $subjects }. Fees, availability and reviews on { $site }.
page-tutor-description-subjects-place = { $name }: Home tutor for { $subjects } near { $place }. Fees, availability and reviews on { $site }.
page-tutor-photo-alt = Photo of { $name }

# The public pages' heads, for link previews and search engines before the app runs: the same
# texts as the web app's (frontend/src/locales/*/shared.json routes.*, common.json app.*).
page-home-tagline = Find Your Perfect Tutor
page-home-description = Find qualified home tutors near you: parents post tuition needs on a map, tutors nearby get in touch, and both sides chat in real time.
page-about-title = About
page-about-description = About HomeTutor: our mission to connect families across India with qualified home tutors, and the team behind it.
page-tutors-title = Find a Tutor
page-tutors-description = Search home tutors by subject and locality or PIN code, with their fees, ratings and distance.
page-tutor-profile-title = Tutor Profile
page-tutor-profile-description = A home tutor's profile on HomeTutor: subjects, fees, availability and reviews.
page-support-title = Help & Support
page-support-description = Help for parents and tutors: e-mail and phone support, support hours and quick tips.
page-contact-title = Contact Us
page-contact-description = Contact the HomeTutor team by message, e-mail or phone.
page-features-title = Features
page-features-description = Try HomeTutor's real-time chat and file uploads.
page-terms-title = Terms and Conditions
page-terms-description = The terms and conditions for parents, students and tutors using HomeTutor.
page-privacy-title = Privacy Policy
page-privacy-description = How HomeTutor collects, uses and protects your personal data.
page-refunds-title = Cancellations and Refunds
page-refunds-description = HomeTutor's cancellation and refund policy for the tutor subscription.
page-login-title = Sign In
page-login-description = Sign in to HomeTutor to manage your tuition requests, messages and subscription.
page-register-title = Sign Up
page-register-description = Create a free HomeTutor account as a parent or as a tutor.
