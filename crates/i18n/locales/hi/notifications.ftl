## ऐप में दिखने वाली सूचनाएँ (शीर्षक और विवरण) और उनके प्रकारों के नाम। विषय और कक्षा
## उसी नाम से आते हैं जो व्यक्ति ने चुना था।

kind-tutor_interested = किसी ट्यूटर ने आपके अनुरोध में रुचि दिखाई
kind-new_request = आपके क्षेत्र में नए अनुरोध
kind-unread_message = अपठित संदेश
kind-subscription_receipt = सदस्यता की रसीदें
kind-subscription_reminder = सदस्यता के रिमाइंडर
kind-subscription_expired = सदस्यता समाप्त
kind-request_flagged = एडमिन ने आपके अनुरोध को फ़्लैग किया
kind-request_closed = जिस अनुरोध में आपने रुचि दिखाई थी, वह बंद हो गया
kind-tuition_invite = किसी अभिभावक ने आपको अपने अनुरोध के लिए आमंत्रित किया

notice-interested-title = { $tutorName } ने आपके { $subject } अनुरोध में रुचि दिखाई है
notice-interested-body = { $tutorName } की फ़ीस और समीक्षाएँ देखने के लिए उनकी प्रोफ़ाइल खोलें, या उन्हें संदेश भेजें।

notice-flagged-title = आपके { $subject } अनुरोध को फ़्लैग किया गया है
notice-flagged-body-reason = एडमिन ने इसे ट्यूटरों से छिपा दिया है। कारण: { $reason }
notice-flagged-body = एडमिन ने इसे ट्यूटरों से छिपा दिया है। इसे फिर से दिखाने के लिए अनुरोध में बदलाव करें या सहायता टीम से संपर्क करें।

notice-invite-title = एक अभिभावक ने आपको अपने { $subject } अनुरोध के लिए आमंत्रित किया है
notice-invite-body = विषय: { $subject } · कक्षा: { $classLevel }। इसे देखने और अपनी रुचि बताने के लिए इसे नक्शे पर खोलें।

notice-unread-title = { $senderName } का नया संदेश

notice-receipt-title = भुगतान मिल गया: आपकी सदस्यता सक्रिय है
notice-receipt-body = ऑर्डर { $orderId }: { $amount } का भुगतान हो गया। आपकी सदस्यता { $validUntil } तक मान्य है।

notice-reminder-week-title = आपकी सदस्यता 7 दिन में समाप्त हो रही है
notice-reminder-week-body = आपकी HomeTutor सदस्यता { $date } को समाप्त हो रही है। अपने आस-पास के अनुरोध देखते रहने के लिए अभी नवीनीकरण करें।
notice-reminder-tomorrow-title = आपकी सदस्यता कल समाप्त हो रही है
notice-reminder-tomorrow-body = आपकी HomeTutor सदस्यता { $date } को समाप्त हो रही है। अपने आस-पास के अनुरोध देखते रहने के लिए आज ही नवीनीकरण करें।
notice-expired-title = आपकी सदस्यता समाप्त हो गई है
notice-expired-body = आपकी HomeTutor सदस्यता { $date } को समाप्त हो गई। आस-पास के अनुरोध देखने और अभिभावकों से फिर से संपर्क करने के लिए नवीनीकरण करें।

notice-new-request-title = आपसे { $distanceKm } किमी दूर { $subject } का नया अनुरोध
notice-new-request-body = विषय: { $subject } · कक्षा: { $classLevel } · पसंदीदा समय: { $preferredTime } · आपके शिक्षण क्षेत्र के केंद्र से { $distanceKm } किमी दूर।
notice-new-request-body-unsubscribed = विषय: { $subject } · कक्षा: { $classLevel } · पसंदीदा समय: { $preferredTime } · आपके शिक्षण क्षेत्र के केंद्र से { $distanceKm } किमी दूर। इसे नक्शे पर देखने और अभिभावक से संपर्क करने के लिए सदस्यता लें।

notice-closed-title = जिस { $subject } अनुरोध में आपने रुचि दिखाई थी, वह बंद हो गया है
notice-closed-body-chosen = अभिभावक ने आपको अपने ट्यूटर के रूप में चुना है।
notice-closed-body-found = अभिभावक को ट्यूटर मिल गया है।
notice-closed-body-not-needed = अभिभावक को अब ट्यूटर की ज़रूरत नहीं है।
notice-chosen-other-title = परिवार ने { $classLevel } { $subject } के लिए कोई और ट्यूटर चुन लिया है।
notice-chosen-other-body = आपकी रुचि के लिए धन्यवाद — आपके पास नए अनुरोध आपका इंतज़ार कर रहे हैं।

## तारीख़ें, जैसे सूचनाएँ और ई-मेल उन्हें लिखते हैं (5 जनवरी 2027)।

date-long = { $day } { $month } { $year }
month-1 = जनवरी
month-2 = फ़रवरी
month-3 = मार्च
month-4 = अप्रैल
month-5 = मई
month-6 = जून
month-7 = जुलाई
month-8 = अगस्त
month-9 = सितंबर
month-10 = अक्टूबर
month-11 = नवंबर
month-12 = दिसंबर
