## Per-field messages of validation errors (the `fields` of a 400 `validation` answer).

validation-one-line = { $label } must be one line of text without control characters.
validation-no-control = { $label } must not contain control characters.
validation-email-required = Email is required.
validation-email-invalid = Please enter a valid email address.
validation-phone-required = Phone is required.
validation-phone-digits = Phone number must be 10 digits.
validation-password-required = Password is required.
validation-password-short = Password must be at least 8 characters.
validation-password-long = Password must be at most 72 bytes.
validation-otp-digits = The code must be 6 digits.
validation-fullname-required = Full name is required.
validation-fullname-long = Full name must be at most { $max } characters.
validation-role = Role must be parent or tutor.
validation-login-required = Email and password are required.
validation-language = Language must be one of: { $codes }.

## Fields as the sentences above name them.

field-fullname = Full name
field-email = Email
field-text = Message
field-comment = comment
validation-required = { $label } is required.
validation-too-long = { $label } must be at most { $max } characters.
field-subject = Subject
field-classLevel = Class
field-preferredTime = Preferred time
field-subjects = Each subject
field-classes = Each class
field-boards = Each board
field-modes = Each mode

## Fields as the admin panel's and the tutor profile's sentences name them (where the
## `field-` name above says it otherwise).
label-description = Description
label-flagReason = FlagReason
label-fullname = Fullname
label-name = Name
label-subject = Subject
label-message = Message
label-siteTitle = SiteTitle
label-siteDescription = SiteDescription
label-homeText = HomeText
label-text = Text
label-faqs = FAQs
label-announcements = Announcements
label-about = about
label-subjects = subjects
label-availability = availability
label-methodology = methodology
label-testimonials = testimonials
label-education = education
label-fees = fees
label-demoOffer = demoOffer
