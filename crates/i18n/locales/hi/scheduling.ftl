## ट्यूटरों की उपलब्धता: इसकी त्रुटियों के `message` और फ़ील्ड के वाक्य।

error-availability-tutors-only = उपलब्धता सिर्फ़ ट्यूटर रख सकते हैं।
error-time-off-not-found = छुट्टी नहीं मिली।

weekday-mon = सोमवार
weekday-tue = मंगलवार
weekday-wed = बुधवार
weekday-thu = गुरुवार
weekday-fri = शुक्रवार
weekday-sat = शनिवार
weekday-sun = रविवार

validation-slots-max = एक हफ़्ते में ज़्यादा से ज़्यादा { $max } स्लॉट रखें।
validation-slot-weekday = हफ़्ते का कोई दिन चुनें।
validation-slot-clock = समय HH:MM में लिखें, जैसे 17:00।
validation-slot-order = { $day } { $slot }: स्लॉट शुरू होने के बाद ही ख़त्म होना चाहिए।
validation-slot-hours = { $day } { $slot }: स्लॉट 06:00 से 22:00 IST के बीच होने चाहिए।
validation-slot-step = { $day } { $slot }: स्लॉट पूरे घंटे या साढ़े पर शुरू और ख़त्म होते हैं।
validation-slot-overlap = { $day } के दो स्लॉट आपस में टकराते हैं: { $first } और { $second }।
validation-date = तारीख़ YYYY-MM-DD में लिखें, जैसे 2027-01-26।
validation-time-off-past = छुट्टी बीते दिन से शुरू नहीं हो सकती।
validation-time-off-order = छुट्टी उसी दिन या उसके बाद ख़त्म होनी चाहिए जिस दिन वह शुरू होती है।
validation-time-off-length = छुट्टी ज़्यादा से ज़्यादा { $max } दिन की हो सकती है।
validation-time-off-max = ज़्यादा से ज़्यादा { $max } छुट्टियाँ रखें। पहले कोई एक हटाएँ।
validation-weeks = 1 से { $max } हफ़्ते चुनें।
field-note = नोट
