## सत्यापन त्रुटियों में हर फ़ील्ड का संदेश (400 `validation` उत्तर के `fields`)।

validation-one-line = { $label } एक ही पंक्ति में होना चाहिए, उसमें कंट्रोल कैरेक्टर नहीं होने चाहिए।
validation-no-control = { $label } में कंट्रोल कैरेक्टर नहीं होने चाहिए।
validation-email-required = ई-मेल ज़रूरी है।
validation-email-invalid = कृपया एक मान्य ई-मेल पता डालें।
validation-phone-required = फ़ोन नंबर ज़रूरी है।
validation-phone-digits = फ़ोन नंबर 10 अंकों का होना चाहिए।
validation-password-required = पासवर्ड ज़रूरी है।
validation-password-short = पासवर्ड कम से कम 8 अक्षरों का होना चाहिए।
validation-password-long = पासवर्ड ज़्यादा से ज़्यादा 72 बाइट का हो सकता है।
validation-otp-digits = कोड 6 अंकों का होना चाहिए।
validation-fullname-required = पूरा नाम ज़रूरी है।
validation-fullname-long = पूरा नाम ज़्यादा से ज़्यादा { $max } अक्षरों का हो सकता है।
validation-role = भूमिका अभिभावक (parent) या ट्यूटर (tutor) होनी चाहिए।
validation-login-required = ई-मेल और पासवर्ड ज़रूरी हैं।
validation-language = भाषा इनमें से एक होनी चाहिए: { $codes }।

## ऊपर के वाक्यों में फ़ील्ड के नाम।

field-fullname = पूरा नाम
field-email = ई-मेल
field-text = संदेश
field-comment = टिप्पणी
validation-required = { $label } ज़रूरी है।
validation-too-long = { $label } में ज़्यादा से ज़्यादा { $max } अक्षर हो सकते हैं।
field-subject = विषय
field-classLevel = कक्षा
field-preferredTime = पसंदीदा समय
field-subjects = हर विषय
field-classes = हर कक्षा
field-boards = हर बोर्ड
field-modes = पढ़ाने का हर तरीका

## एडमिन पैनल और ट्यूटर प्रोफ़ाइल के वाक्यों में फ़ील्ड के नाम।
label-description = विवरण
label-flagReason = फ़्लैग करने का कारण
label-fullname = पूरा नाम
label-name = नाम
label-subject = विषय
label-message = संदेश
label-siteTitle = साइट का शीर्षक
label-siteDescription = साइट का विवरण
label-homeText = होम पेज का टेक्स्ट
label-text = टेक्स्ट
label-faqs = FAQ
label-announcements = घोषणाएँ
label-about = परिचय
label-subjects = विषय
label-availability = उपलब्धता
label-methodology = पढ़ाने का तरीका
label-testimonials = प्रशंसापत्र
label-education = शिक्षा
label-fees = फ़ीस
label-demoOffer = डेमो क्लास का ऑफ़र
