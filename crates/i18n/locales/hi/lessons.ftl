## डेमो के बाद की क्लासें: त्रुटियों के संदेश और फ़ील्ड के वाक्य। समय और तारीख़ें IST में।

error-lesson-plan-not-found = क्लास की योजना नहीं मिली।
error-lesson-not-found = क्लास नहीं मिली।
error-lesson-tutor-only = क्लासों की योजना, उन्हें रद्द करना और डायरी लिखना केवल ट्यूटर का काम है।
error-lesson-parent-only = क्लास की पुष्टि या उस पर आपत्ति केवल अभिभावक कर सकते हैं।
error-lesson-unavailable = इस परिवार के साथ क्लासों की योजना नहीं बनाई जा सकती।
error-lesson-overlap = { $date } की क्लास आपकी किसी दूसरी क्लास से टकराती है।
error-lesson-not-held = क्लास ख़त्म होने के बाद ही उसकी पुष्टि या उस पर आपत्ति की जा सकती है।
error-lesson-closed = इस क्लास में अब बदलाव नहीं किया जा सकता।
error-lesson-started = क्लास शुरू होने से पहले ही रद्द की जा सकती है।

validation-lesson-source = या तो वह अनुरोध बताइए जिसे आप पढ़ाते हैं या डेमो क्लास, दोनों नहीं।
validation-lesson-request = ऐसा अनुरोध चुनिए जिसके आप नियुक्त ट्यूटर हैं, या ऐसी डेमो जिसके बाद परिवार ने आगे पढ़ने का फ़ैसला किया।
validation-lesson-weekdays = हफ़्ते के दिन चुनिए (mon … sun)।
validation-lesson-start = शुरू होने का समय HH:MM में, पंद्रह मिनट के अंतराल पर लिखिए (17:00, 17:15 …)।
validation-lesson-length = एक क्लास { $min } से { $max } मिनट की होती है, पंद्रह-पंद्रह मिनट में।
validation-lesson-hours = क्लासें सुबह 06:00 से रात 22:00 IST के बीच होती हैं।
validation-lesson-date = तारीख़ें 2027-01-11 (YYYY-MM-DD) की तरह लिखिए।
validation-lesson-past = आज या उसके बाद की शुरुआती तारीख़ चुनिए।
validation-lesson-end-before-start = आख़िरी तारीख़ शुरुआती तारीख़ से पहले है।
validation-lesson-year = क्लासों की योजना अधिकतम एक साल की होती है।
validation-lesson-fee = प्रति क्लास फ़ीस ₹1 से ₹{ $max } के बीच लिखिए।
validation-lesson-none = इन दोनों तारीख़ों के बीच उन दिनों पर कोई क्लास नहीं पड़ती।
validation-lesson-month = महीना 2027-01 (YYYY-MM) की तरह लिखिए।
field-topic = विषय-वस्तु
field-homework = होमवर्क
