## ट्यूशन अनुरोध, शिक्षण क्षेत्र, ट्यूटर खोज और प्रोफ़ाइल: उनकी त्रुटियों का `message` और फ़ील्ड के वाक्य।

error-tuition-parents-only = ट्यूशन अनुरोध सिर्फ़ अभिभावक डाल सकते हैं।
error-tuition-tutors-only = आस-पास के अनुरोध सिर्फ़ ट्यूटर देख सकते हैं।
error-subscription-required = आस-पास के अनुरोध और अभिभावकों के संपर्क विवरण देखने के लिए सक्रिय सदस्यता ज़रूरी है। कृपया सदस्यता लें।
error-interest-limit = आज आप जितनी बार रुचि दिखा सकते थे, दिखा चुके हैं। कृपया कल फिर से कोशिश करें।
error-request-limit = आप एक दिन में ज़्यादा से ज़्यादा { $max } अनुरोध डाल सकते हैं। कृपया कल फिर से कोशिश करें।
error-request-not-found = अनुरोध नहीं मिला।
error-area-tutors-only = शिक्षण क्षेत्र सिर्फ़ ट्यूटरों का होता है।
error-area-not-set = आपने अभी तक अपना शिक्षण क्षेत्र सेव नहीं किया है।
error-request-closed = यह अनुरोध बंद हो चुका है।
error-request-open = यह अनुरोध पहले से खुला है।
error-sharing-blocked = जब तक आप दोनों में से किसी ने दूसरे को ब्लॉक किया हुआ है, आप इस ट्यूटर के साथ अपना फ़ोन और ई-मेल साझा नहीं कर सकते।
error-recommend-parents-only = किसी अनुरोध के सुझाए गए ट्यूटर सिर्फ़ वही अभिभावक देख सकते हैं जिन्होंने वह अनुरोध डाला है।
error-invite-closed = यह अनुरोध बंद हो चुका है। ट्यूटरों को आमंत्रित करने के लिए इसे फिर से खोलें।
error-invite-hidden = यह अनुरोध ट्यूटरों से छिपा हुआ है, इसलिए आप इसके लिए ट्यूटरों को आमंत्रित नहीं कर सकते।
error-too-many-invites = आप इस अनुरोध के लिए { $count } ट्यूटरों को आमंत्रित कर चुके हैं, जो अधिकतम सीमा है। कृपया उनके जवाब का इंतज़ार करें।
error-tutor-not-found = ट्यूटर नहीं मिला।
error-profile-not-yours = आप सिर्फ़ अपनी प्रोफ़ाइल बदल सकते हैं।
error-review-parents-only = ट्यूटरों की समीक्षा सिर्फ़ अभिभावक कर सकते हैं।
error-review-not-in-touch = आप किसी ट्यूटर की समीक्षा उनसे संपर्क होने के बाद ही कर सकते हैं।

validation-radius = दूरी { $min } से { $max } किमी के बीच होनी चाहिए।
validation-area-location = कृपया नक्शे पर वह जगह चुनें जहाँ आप पढ़ाते हैं।
validation-request-location = कृपया नक्शे पर जगह चुनें।
validation-search-location = कृपया वह जगह चुनें जिसके आस-पास खोजना है।
validation-location-real = जगह असली होनी चाहिए: देशांतर -180 से 180 और अक्षांश -90 से 90 के बीच।
validation-entries-max = कृपया ज़्यादा से ज़्यादा { $max } प्रविष्टियाँ दें।
validation-each-length = हर { $noun } में 1 से { $max } अक्षर होने चाहिए।
validation-unknown-item = { $noun } की पहचान नहीं हो सकी: { $item }।
validation-unknown-choice = { $noun } की पहचान नहीं हो सकी: सूची में से एक चुनें या "अन्य" चुनें।
validation-unknown-term = { $noun } की पहचान नहीं हो सकी: सूची में से एक चुनें।
validation-unknown-id = { $noun } की id पहचानी नहीं गई: { $value }।
validation-unknown-vocabulary = { $noun } '{ $id }' की पहचान नहीं हो सकी: /api/vocabulary की कोई id इस्तेमाल करें।
validation-tutor-when-found = ट्यूटर का नाम सिर्फ़ तभी बताएँ जब आपको ट्यूटर मिल गया हो।
validation-tutor-interested = इस अनुरोध में रुचि दिखाने वाले ट्यूटरों में से किसी एक को चुनें।
validation-min-rating = न्यूनतम रेटिंग 1 से 5 के बीच होनी चाहिए।
validation-min-fee = न्यूनतम फ़ीस 0 से { $max } रुपये के बीच होनी चाहिए।
validation-max-fee = अधिकतम फ़ीस 0 से { $max } रुपये के बीच होनी चाहिए।
validation-fee-order = अधिकतम फ़ीस न्यूनतम फ़ीस से कम नहीं हो सकती।
validation-page = पेज 1 से { $max } के बीच होना चाहिए।
validation-fee-per-hour = प्रति घंटे की फ़ीस 0 से { $max } रुपये के बीच होनी चाहिए।
validation-rating = कृपया 1 से 5 स्टार के बीच रेटिंग चुनें।

## ऊपर के वाक्यों में शब्दावली के पहलुओं के नाम।
noun-subject = विषय
noun-class = कक्षा
noun-board = बोर्ड
noun-mode = पढ़ाने का तरीका
error-first-contact-limit = आज आप परिवारों से 30 नए संपर्क (रुचि और पहले संदेश मिलाकर) कर चुके हैं। कृपया कल फिर से कोशिश करें।

## Why a tutor is recommended for a request, one reason at a time (terms in the reader's language).
reason-near = 0.1 किमी से कम दूर
reason-away = { $km } किमी दूर
reason-teaches = { $subject } पढ़ाते हैं
reason-teaches-for = { $class } के लिए { $subject } पढ़ाते हैं
reason-board = { $board }
reason-rating = { $count } { $count ->
    [one] समीक्षा
   *[other] समीक्षाओं
} से ★ { $mean }
reason-verified = सत्यापित
reason-verified-checks = सत्यापित: { $checks ->
    [id] पहचान की जाँच
    [qualification] योग्यता की जाँच
    [police] पुलिस जाँच
    [id-qualification] पहचान और योग्यता की जाँच
    [id-police] पहचान और पुलिस जाँच
    [qualification-police] योग्यता और पुलिस जाँच
   *[id-qualification-police] पहचान, योग्यता और पुलिस जाँच
}
reason-replies = आम तौर पर एक दिन में जवाब देते हैं
