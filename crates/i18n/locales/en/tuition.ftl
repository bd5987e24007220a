## Tuition requests, teaching areas, tutor discovery and profiles: the `message` of their
## errors and their fields' sentences. The English is each domain's Display, word for word.

error-tuition-parents-only = Only parents can post tuition requests.
error-tuition-tutors-only = Only tutors can look for nearby requests.
error-subscription-required = An active subscription is needed to see nearby requests and parent contact details. Please subscribe.
error-interest-limit = You have reached today's limit of interests. Try again tomorrow.
error-request-limit = You can post at most { $max } requests a day. Please try again tomorrow.
error-request-not-found = Request not found.
error-area-tutors-only = Only tutors have a teaching area.
error-area-not-set = You have not saved a teaching area yet.
error-request-closed = This request is closed.
error-request-open = This request is already open.
error-sharing-blocked = You cannot share your phone and e-mail with this tutor while one of you blocks the other.
error-recommend-parents-only = Only the parent who posted the request can see its recommended tutors.
error-invite-closed = This request is closed. Reopen it to invite tutors.
error-invite-hidden = This request is hidden from tutors, so you cannot invite tutors to it.
error-too-many-invites = You have invited { $count } tutors to this request, the most allowed. Wait for their answers.
error-tutor-not-found = Tutor not found.
error-profile-not-yours = You can only edit your own profile.
error-review-parents-only = Only parents can review tutors.
error-review-not-in-touch = You can review a tutor after you have been in touch.

validation-radius = The distance must be between { $min } and { $max } km.
validation-area-location = Please select where you teach on the map.
validation-request-location = Please select location on the map.
validation-search-location = Choose a place to search near.
validation-location-real = The location must be a real place: longitude -180 to 180, latitude -90 to 90.
validation-entries-max = At most { $max } entries, please.
validation-each-length = Each { $noun } must be 1 to { $max } characters.
validation-unknown-item = Unknown { $noun }: { $item }.
validation-unknown-choice = Unknown { $noun }: choose one from the list or Other.
validation-unknown-term = Unknown { $noun }: choose one from the list.
validation-unknown-id = Unknown { $noun } id: { $value }.
validation-unknown-vocabulary = Unknown { $noun } '{ $id }': use an id from /api/vocabulary.
validation-tutor-when-found = Name a tutor only when you found one.
validation-tutor-interested = Choose one of the tutors interested in this request.
validation-min-rating = The lowest rating must be from 1 to 5.
validation-min-fee = The lowest fee must be from 0 to { $max } rupees.
validation-max-fee = The highest fee must be from 0 to { $max } rupees.
validation-fee-order = The highest fee must not be below the lowest.
validation-page = The page must be from 1 to { $max }.
validation-fee-per-hour = The fee per hour must be from 0 to { $max } rupees.
validation-rating = Please choose a rating from 1 to 5 stars.

## The vocabulary's facets as the sentences above name them.
noun-subject = subject
noun-class = class
noun-board = board
noun-mode = mode
error-first-contact-limit = You have reached today's limit of 30 new contacts with families (interests and first messages together). Try again tomorrow.

## Why a tutor is recommended for a request, one reason at a time (terms in the reader's language).
reason-near = less than 0.1 km away
reason-away = { $km } km away
reason-teaches = Teaches { $subject }
reason-teaches-for = Teaches { $subject } for { $class }
reason-board = { $board }
reason-rating = ★ { $mean } from { $count } { $count ->
    [one] review
   *[other] reviews
}
reason-verified = Verified
reason-verified-checks = Verified: { $checks ->
    [id] ID check
    [qualification] qualification check
    [police] police check
    [id-qualification] ID and qualification checks
    [id-police] ID and police checks
    [qualification-police] qualification and police checks
   *[id-qualification-police] ID, qualification and police checks
}
reason-replies = Usually replies within a day
