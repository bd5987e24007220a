## संदेश, अपलोड, भुगतान, एडमिन पैनल और सूचनाओं की पसंद: उनकी त्रुटियों का `message` और फ़ील्ड के वाक्य।

error-message-empty = संदेश खाली नहीं हो सकता
error-message-too-long = संदेश बहुत लंबा है (ज़्यादा से ज़्यादा 2000 अक्षर)।
error-message-control = संदेश में कंट्रोल कैरेक्टर नहीं होने चाहिए।
error-blocked = यह व्यक्ति आपके संदेश नहीं ले रहा है।
error-self-block = आप खुद को ब्लॉक नहीं कर सकते।
error-user-not-found = उपयोगकर्ता नहीं मिला।
error-contact-not-allowed = आप इस व्यक्ति को तभी संदेश भेज सकते हैं जब वे आपसे संपर्क करें, या उनके किसी ट्यूशन अनुरोध के ज़रिए।
error-tuition-request-not-found = ट्यूशन अनुरोध नहीं मिला।

error-file-too-large = फ़ाइल { $name } बहुत बड़ी है। ज़्यादा से ज़्यादा साइज़ { $limitMb }MB है।
error-file-not-allowed = फ़ाइल { $name } की अनुमति नहीं है: सिर्फ़ इमेज (JPEG, PNG, GIF, WebP), PDF, .doc और .docx।
error-file-mismatch = फ़ाइल { $name } उसके एक्सटेंशन से मेल नहीं खाती।
error-file-damaged = फ़ाइल { $name } खराब या अधूरी है।
error-image-too-large = इमेज { $name } बहुत बड़ी है। इमेज ज़्यादा से ज़्यादा { $maxSide } × { $maxSide } पिक्सेल की हो सकती है।
error-upload-quota = आप अपने { $limitMb } MB के अपलोड इस्तेमाल कर चुके हैं। और अपलोड करने के लिए कुछ फ़ाइलें हटाएँ।
error-too-many-uploads = आपने पिछले एक घंटे में { $count } फ़ाइलें अपलोड की हैं। कृपया बाद में फिर से कोशिश करें।
error-file-not-found = फ़ाइल नहीं मिली।
error-file-not-yours = आप सिर्फ़ अपनी फ़ाइलें हटा सकते हैं।
error-storage-unavailable = अपलोड की गई फ़ाइलें कुछ देर के लिए उपलब्ध नहीं हैं। कृपया कुछ सेकंड बाद फिर से कोशिश करें।

error-subscribe-tutors-only = सदस्यता सिर्फ़ ट्यूटर ले सकते हैं। कृपया ट्यूटर के रूप में साइन इन करें।
error-order-not-found = ऑर्डर नहीं मिला।
error-payment-not-completed = भुगतान अभी पूरा नहीं हुआ है। अगर आपके पैसे कट गए हैं, तो आपकी सदस्यता कुछ ही मिनटों में अपने-आप शुरू हो जाएगी।
error-payment-closed = यह भुगतान रद्द हो गया या उसकी समय-सीमा खत्म हो गई। कृपया फिर से कोशिश करें।
error-payment-mismatch = यह भुगतान इस ऑर्डर से मेल नहीं खाता। कृपया सहायता टीम से संपर्क करें।
error-payment-provider = भुगतान शुरू नहीं हो सका: भुगतान सेवा से संपर्क नहीं हो पाया। कृपया बाद में फिर से कोशिश करें।
error-bad-signature = वेबहुक का हस्ताक्षर अमान्य है।

error-asset-not-found = एसेट नहीं मिला।
error-testimonial-not-found = प्रशंसापत्र नहीं मिला।
error-admin-refused-self = { $verb ->
    [delete] आप अपना खुद का खाता नहीं हटा सकते।
    [demote] आप अपने खुद के खाते से एडमिन की भूमिका नहीं हटा सकते।
   *[deactivate] आप अपना खुद का खाता निष्क्रिय नहीं कर सकते।
}
error-admin-refused-last = { $verb ->
    [delete] आप आखिरी एडमिन को नहीं हटा सकते।
    [deactivate] आप आखिरी एडमिन को निष्क्रिय नहीं कर सकते।
    [demote] आप आखिरी एडमिन की एडमिन भूमिका नहीं हटा सकते।
   *[other] आप आखिरी एडमिन की भूमिका नहीं बदल सकते और न ही उसे निष्क्रिय कर सकते हैं।
}
error-testimonial-pending = आपके कुछ प्रशंसापत्र पहले से मंज़ूरी का इंतज़ार कर रहे हैं; कृपया उनकी समीक्षा होने तक इंतज़ार करें।
error-testimonial-parents-only = प्रशंसापत्र सिर्फ़ अभिभावक भेज सकते हैं।
error-unsubscribe-link = ई-मेल बंद करने का यह लिंक मान्य नहीं है। इसके बजाय अपनी प्रोफ़ाइल पर अपनी ई-मेल की पसंद बदलें।

validation-badges-max = ज़्यादा से ज़्यादा { $max } बैज।
validation-badge-length = बैज ज़्यादा से ज़्यादा { $max } अक्षरों का हो सकता है।
validation-asset-type = assetType इनमें से एक होना चाहिए: logo, banner, ad या misc।
validation-image-required = कृपया एक इमेज चुनें (JPEG, PNG, GIF या WebP)।
validation-users-select = कृपया पहले उपयोगकर्ता चुनें
validation-support-email-required = सहायता ई-मेल ज़रूरी है।
validation-support-email-invalid = कृपया सहायता के लिए एक मान्य ई-मेल पता डालें।
validation-support-phone-required = सहायता फ़ोन नंबर ज़रूरी है।
validation-support-phone-invalid = कृपया सहायता के लिए एक मान्य फ़ोन नंबर डालें (7 से 15 अंक)।
validation-json-invalid = { $label } मान्य JSON नहीं है: { $error }।
validation-list-max = { $label } में ज़्यादा से ज़्यादा { $max } प्रविष्टियाँ हो सकती हैं।
validation-json-array = { $label } एक JSON ऐरे होना चाहिए, जैसे ["…"]।
validation-banners = ज़्यादा से ज़्यादा { $max } बैनर, हर एक ज़्यादा से ज़्यादा { $chars } अक्षरों का।
validation-content-size = सामग्री बहुत बड़ी है (ज़्यादा से ज़्यादा 64 KB)।
validation-preferences-max = एक बार में ज़्यादा से ज़्यादा { $max } पसंद।
validation-notifications-limit = limit 1 से { $max } के बीच होनी चाहिए।
validation-ids-max = एक बार में ज़्यादा से ज़्यादा { $max } id।
validation-preference-kind = '{ $kind }' ऐसी सूचना नहीं है जो आपको मिलती है।
validation-preference-email = '{ $kind }' के ई-मेल के लिए इनमें से एक चुनें: { $choices }।
validation-preference-twice = '{ $kind }' दो बार दिया गया है।

# A tutor's shared link as previews show it (the page's title, description and photo text).
page-tutor-headline = { $name } · होम ट्यूटर
page-tutor-headline-place = { $name } · { $place } के पास होम ट्यूटर
page-tutor-description = { $name }: होम ट्यूटर। फ़ीस, उपलब्धता और समीक्षाएँ { $site } पर।
page-tutor-description-place = { $name }: { $place } के पास होम ट्यूटर। फ़ीस, उपलब्धता और समीक्षाएँ { $site } पर।
page-tutor-description-subjects = { $name }: { $subjects } के होम ट्यूटर। फ़ीस, उपलब्धता और समीक्षाएँ { $site } पर।
page-tutor-description-subjects-place = { $name }: { $place } के पास { $subjects } के होम ट्यूटर। फ़ीस, उपलब्धता और समीक्षाएँ { $site } पर।
page-tutor-photo-alt = { $name } की फ़ोटो

# सार्वजनिक पेजों के हेड (लिंक प्रीव्यू और सर्च इंजन के लिए): वेब ऐप के shared.json routes.* और common.json app.* जैसे ही।
page-home-tagline = अपने लिए सही ट्यूटर खोजें
page-home-description = अपने आस-पास योग्य होम ट्यूटर खोजें: अभिभावक नक्शे पर अपनी ट्यूशन की ज़रूरत बताते हैं, पास के ट्यूटर उनसे संपर्क करते हैं, और दोनों रियल-टाइम में चैट करते हैं।
page-about-title = हमारे बारे में
page-about-description = HomeTutor के बारे में: पूरे भारत के परिवारों को योग्य होम ट्यूटर से जोड़ने का हमारा मिशन, और इसके पीछे की टीम।
page-tutors-title = ट्यूटर खोजें
page-tutors-description = विषय और इलाके या पिन कोड से होम ट्यूटर खोजें, उनकी फ़ीस, रेटिंग और दूरी के साथ।
page-tutor-profile-title = ट्यूटर प्रोफ़ाइल
page-tutor-profile-description = HomeTutor पर एक होम ट्यूटर की प्रोफ़ाइल: विषय, फ़ीस, उपलब्धता और समीक्षाएँ।
page-support-title = मदद और सहायता
page-support-description = अभिभावकों और ट्यूटरों के लिए मदद: ई-मेल और फ़ोन से सहायता, सहायता का समय और काम के सुझाव।
page-contact-title = संपर्क करें
page-contact-description = संदेश, ई-मेल या फ़ोन से HomeTutor की टीम से संपर्क करें।
page-features-title = सुविधाएँ
page-features-description = HomeTutor की रियल-टाइम चैट और फ़ाइल अपलोड आज़माएँ।
page-terms-title = नियम और शर्तें
page-terms-description = HomeTutor का उपयोग करने वाले अभिभावकों, छात्रों और ट्यूटरों के लिए नियम और शर्तें।
page-privacy-title = गोपनीयता नीति
page-privacy-description = HomeTutor आपका निजी डेटा कैसे इकट्ठा करता है, कैसे उपयोग करता है और कैसे सुरक्षित रखता है।
page-refunds-title = रद्दीकरण और धनवापसी
page-refunds-description = ट्यूटर सदस्यता के लिए HomeTutor की रद्दीकरण और धनवापसी नीति।
page-login-title = साइन इन
page-login-description = अपने ट्यूशन अनुरोध, संदेश और सदस्यता सँभालने के लिए HomeTutor में साइन इन करें।
page-register-title = साइन अप
page-register-description = अभिभावक या ट्यूटर के रूप में HomeTutor पर मुफ़्त खाता बनाएँ।
