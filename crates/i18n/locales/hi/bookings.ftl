## डेमो क्लास: बुकिंग की त्रुटियों के `message`, फ़ील्ड के वाक्य और दूसरे पक्ष को भेजी सूचनाएँ। समय IST में।

error-booking-parents-only = डेमो क्लास सिर्फ़ अभिभावक बुक कर सकते हैं।
error-booking-tutor-unavailable = इस ट्यूटर को बुक नहीं किया जा सकता।
error-booking-not-free = यह समय अब खाली नहीं है। कृपया कोई और समय चुनें।
error-booking-not-found = बुकिंग नहीं मिली।
error-booking-not-awaiting-you = यह बुकिंग आपके जवाब की प्रतीक्षा में नहीं है।
error-booking-closed = इस बुकिंग में अब बदलाव नहीं हो सकता।
error-booking-no-show-too-soon = क्लास शुरू होने के बाद ही न आने की सूचना दी जा सकती है।

validation-booking-time-format = समय 2027-01-11T11:30:00Z (RFC 3339) की तरह लिखें।
validation-booking-length = डेमो क्लास { $min } से { $max } मिनट की होती है।
validation-booking-step = डेमो क्लास पूरे घंटे या हर पंद्रह मिनट (:00, :15, :30 या :45) पर शुरू और ख़त्म होती है।
validation-booking-past = आगे का कोई समय चुनें।
validation-booking-hours = डेमो क्लास सुबह 06:00 से रात 22:00 IST के बीच होती है।
validation-booking-ahead = ज़्यादा से ज़्यादा { $weeks } हफ़्ते आगे तक बुक करें।
validation-booking-one-time = ठीक एक समय चुनें।
validation-booking-proposals = 1 से { $max } समय सुझाएँ।
validation-booking-overlap = दो समय आपस में टकराते हैं।
validation-booking-request = अपनी ही किसी रिक्वेस्ट को चुनें।
validation-booking-pick = सुझाए गए समयों में से एक चुनें।
field-reason = कारण

kind-booking = डेमो क्लास: बुकिंग, जवाब और बदलाव
notice-booking-requested-title = { $name } ने डेमो क्लास बुक की
notice-booking-proposed-title = { $name } ने डेमो क्लास के लिए समय सुझाए
notice-booking-accepted-title = { $name } ने आपकी डेमो क्लास स्वीकार की
notice-booking-declined-title = { $name } ने आपकी डेमो क्लास अस्वीकार की
notice-booking-rescheduled-title = { $name } ने आपकी डेमो क्लास का समय बदला
notice-booking-cancelled-title = { $name } ने आपकी डेमो क्लास रद्द की
notice-booking-when = { $when } IST
notice-booking-proposed-body = कोई एक समय चुनें, या अस्वीकार करें।
notice-booking-declined-body = कारण: { $reason }
notice-booking-rescheduled-body = नया समय: { $when } IST। { $note }
notice-booking-cancelled-body = { $when } IST। { $note }

## डेमो के बाद: हर पक्ष बताता है कि डेमो हुआ या नहीं और क्या वे आगे जारी रखेंगे।
error-booking-outcome-too-soon = डेमो शुरू होने के बाद ही आप बता सकते हैं कि वह कैसा रहा।
error-booking-outcome-locked = आपका जवाब अब बदला नहीं जा सकता: उसे दिए 48 घंटे बीत चुके हैं।
validation-outcome-continue = आगे जारी रखने के बारे में तभी बताएँ जब डेमो हुआ हो।
notice-booking-chosen-title = परिवार ने { $classLevel } { $subject } के लिए आपको अपना ट्यूटर चुना है
notice-booking-chosen-body = { $name } डेमो के बाद आगे पढ़ाई जारी रखना चाहते हैं। चैट में उनसे कक्षाएँ तय करें।
