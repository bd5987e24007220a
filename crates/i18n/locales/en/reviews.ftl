# Reviews: a tutor's one public answer, and what a tutor is told of a new review.
kind-new_review = A parent reviewed you
notice-review-title = { $parentName } gave you { $rating } ★
notice-review-body-empty = Open your profile to read it and answer it once, publicly.
error-review-not-found = Review not found.
error-review-not-answerable = Only the reviewed tutor can answer a review.
error-review-answered = This review already has an answer.
validation-answer-empty = Write your answer first.
# A parent reviews a tutor a day after both have written to each other in chat (UTC time).
error-review-too-soon = You can review this tutor from { $date }, { $time } UTC: a day after you both first wrote to each other.
error-review-both-write = You can review a tutor once you have both written to each other in chat and a day has passed.
