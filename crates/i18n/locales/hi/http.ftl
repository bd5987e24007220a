## किसी डोमेन के पढ़ने से पहले अनुरोध का इनकार: उसकी बॉडी, फ़ॉर्म या पता, रखरखाव मोड, ऐसे पाथ जिन्हें कोई रूट नहीं लेता, और चैट सॉकेट के अपने इनकार।

error-json-content-type = JSON बॉडी चाहिए (Content-Type: application/json)।
error-body-too-large = अनुरोध की बॉडी बहुत बड़ी है (ज़्यादा से ज़्यादा { $kb } KB)।
error-body-unreadable = अनुरोध की बॉडी पढ़ी नहीं जा सकी।
error-body-stalled = अनुरोध की बॉडी आनी बंद हो गई। कृपया फिर से कोशिश करें।
error-json-invalid = JSON बॉडी अमान्य है: { $error }।
error-query-invalid = क्वेरी अमान्य है: { $error }
error-request-invalid = अनुरोध अमान्य है: { $error }।
error-nul = टेक्स्ट में NUL कैरेक्टर (U+0000) नहीं होना चाहिए।
validation-nul = इसमें NUL कैरेक्टर (U+0000) नहीं होना चाहिए।
error-upload-one = कृपया एक बार में एक ही फ़ाइल अपलोड करें।
error-upload-at-most = एक बार में ज़्यादा से ज़्यादा { $count } फ़ाइलें अपलोड की जा सकती हैं।
error-form-field-long = फ़ील्ड '{ $name }' बहुत लंबा है।
error-form-field-not-text = फ़ील्ड '{ $name }' टेक्स्ट नहीं है।
error-select-file = कृपया एक फ़ाइल चुनें
error-upload-content-type = फ़ाइल अपलोड चाहिए (Content-Type: multipart/form-data)।
error-upload-invalid = अपलोड अमान्य है: { $error }
error-maintenance = HomeTutor पर अभी रखरखाव चल रहा है। कृपया थोड़ी देर बाद फिर से कोशिश करें।

error-no-api-path = ऐसा कोई API पाथ नहीं है।
error-method-not-allowed-use = यहाँ { $method } की अनुमति नहीं है; { $allow } इस्तेमाल करें।
error-path-names-nothing = नहीं मिला: यह पता किसी मौजूद चीज़ का नहीं है।
error-malformed = अनुरोध सही रूप में नहीं है।
error-method-not-allowed = इस मेथड की अनुमति नहीं है।
error-request-timeout = अनुरोध आने में बहुत ज़्यादा समय लगा।
error-body-too-large-plain = अनुरोध की बॉडी बहुत बड़ी है।
error-content-type-refused = यहाँ यह Content-Type स्वीकार नहीं किया जाता।
error-uri-too-long = पता बहुत लंबा है।
error-cannot-answer = इस अनुरोध का जवाब नहीं दिया जा सकता।

error-socket-cross-site = दूसरी साइट से WebSocket कनेक्शन की अनुमति नहीं है।
error-too-many-sockets = हर खाते के ज़्यादा से ज़्यादा { $max } चैट कनेक्शन हो सकते हैं; कोई दूसरा टैब या डिवाइस बंद करें।
error-not-websocket = यह WebSocket अपग्रेड नहीं है।
error-frame-shape = { "{" }"event": …, "data": …{ "}" } चाहिए।
error-frame-unknown-event = अनजाना इवेंट '{ $event }'।
error-frame-malformed = { $shape } नहीं है या सही रूप में नहीं है।

## रूट के अपने इनकार।
error-give-user-or-request = userId या requestId दें।
error-own-chats-only = आप सिर्फ़ अपनी चैट की सूची देख सकते हैं।
validation-read-ids = पढ़ा हुआ मार्क करने के लिए id दें, या all: true दें।
error-payment-session-invalid = भुगतान सेशन अमान्य है। ऑर्डर ID नहीं मिली।
error-place-query-long = q ज़्यादा से ज़्यादा { $max } अक्षरों का हो सकता है।
error-not-a-real-place = { $param } किसी असली जगह का [longitude,latitude] होना चाहिए।
error-no-place-near = इस जगह के पास कोई जानी-पहचानी जगह नहीं मिली।
error-media-target = target या तो logo होना चाहिए या banner।
error-form-invalid = फ़ॉर्म अमान्य है: { $error }
error-photo-one = कृपया एक ही फ़ोटो भेजें।
error-photo-too-large = फ़ोटो बहुत बड़ी है: कृपया ज़्यादा से ज़्यादा 5 MB की फ़ोटो दें।
error-photo-required = कृपया एक फ़ोटो चुनें (फ़ॉर्म फ़ील्ड `photo`)।
error-photo-tutors-only = प्रोफ़ाइल फ़ोटो सिर्फ़ ट्यूटरों की होती है।
error-photo-type = फ़ोटो JPEG, PNG या WebP इमेज होनी चाहिए।
error-photo-damaged = फ़ोटो खराब या अधूरी है।
