## Refusals of a request before any domain reads it: its body, form or address, maintenance
## mode, paths no route takes, and the chat socket's own. The English is the server's as it was.

error-json-content-type = Expected a JSON body (Content-Type: application/json).
error-body-too-large = Request body is too large (at most { $kb } KB).
error-body-unreadable = The request body could not be read.
error-body-stalled = The request body stopped arriving. Please try again.
error-json-invalid = Invalid JSON body: { $error }.
error-query-invalid = Invalid query: { $error }
error-request-invalid = Invalid request: { $error }.
error-nul = Text must not contain the NUL character (U+0000).
validation-nul = Must not contain the NUL character (U+0000).
error-upload-one = Please upload one file at a time.
error-upload-at-most = At most { $count } files can be uploaded at once.
error-form-field-long = The field '{ $name }' is too long.
error-form-field-not-text = The field '{ $name }' is not text.
error-select-file = Please select a file
error-upload-content-type = Expected a file upload (Content-Type: multipart/form-data).
error-upload-invalid = Invalid upload: { $error }
error-maintenance = HomeTutor is down for maintenance. Please try again a little later.

error-no-api-path = There is no such API path.
error-method-not-allowed-use = { $method } is not allowed here; use { $allow }.
error-path-names-nothing = Not found: the address names nothing that exists.
error-malformed = The request is malformed.
error-method-not-allowed = Method not allowed.
error-request-timeout = The request took too long to arrive.
error-body-too-large-plain = Request body is too large.
error-content-type-refused = This Content-Type is not accepted here.
error-uri-too-long = The address is too long.
error-cannot-answer = The request cannot be answered.

error-socket-cross-site = Cross-site WebSocket refused.
error-too-many-sockets = At most { $max } chat connections per account; close another tab or device.
error-not-websocket = Not a WebSocket upgrade.
error-frame-shape = Expected { "{" }"event": …, "data": …{ "}" }.
error-frame-unknown-event = Unknown event '{ $event }'.
error-frame-malformed = { $shape } is missing or malformed.

## Refusals written by the routes themselves.
error-give-user-or-request = Give userId or requestId.
error-own-chats-only = You can only list your own chats.
validation-read-ids = Give the ids to mark read, or all: true.
error-payment-session-invalid = Invalid payment session. Order ID not found.
error-place-query-long = q must be at most { $max } characters.
error-not-a-real-place = { $param } must be [longitude,latitude] of a real place.
error-no-place-near = No known place near this point.
error-media-target = target must be logo or banner.
error-form-invalid = Invalid form: { $error }
error-photo-one = Please send one photo.
error-photo-too-large = The photo is too large: at most 5 MB, please.
error-photo-required = Please choose a photo (form field `photo`).
error-photo-tutors-only = Only tutors have a profile photo.
error-photo-type = The photo must be a JPEG, PNG or WebP image.
error-photo-damaged = The photo is damaged or incomplete.
