# समीक्षाएँ: ट्यूटर का एक सार्वजनिक जवाब, और नई समीक्षा की सूचना।
kind-new_review = किसी अभिभावक ने आपकी समीक्षा की
notice-review-title = { $parentName } ने आपको { $rating } ★ दिए
notice-review-body-empty = इसे पढ़ने और एक बार सार्वजनिक रूप से जवाब देने के लिए अपनी प्रोफ़ाइल खोलें।
error-review-not-found = समीक्षा नहीं मिली।
error-review-not-answerable = समीक्षा का जवाब सिर्फ़ वही ट्यूटर दे सकते हैं जिनकी समीक्षा की गई है।
error-review-answered = इस समीक्षा का जवाब पहले ही दिया जा चुका है।
validation-answer-empty = पहले अपना जवाब लिखें।
