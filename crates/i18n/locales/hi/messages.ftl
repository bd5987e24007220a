## जो पाठ कैटलॉग का संदेश नहीं है (किसी व्यक्ति के अपने शब्द), वह इसी से जैसा है वैसा जाता है।
plain-text = { $text }

## सफलता के संदेश।

done-registered = पंजीकरण हो गया। अपना खाता सत्यापित करने के लिए हमारे ई-मेल में भेजा गया 6 अंकों का कोड डालें।
done-email-verified = ई-मेल सत्यापित हो गया। अब आप साइन इन कर सकते हैं।
done-already-verified = यह ई-मेल पता पहले से सत्यापित है। आप साइन इन कर सकते हैं।
done-code-resent = अगर यह पता किसी असत्यापित खाते का है, तो नया कोड भेज दिया गया है।
done-logged-out = आप साइन आउट हो गए हैं।
done-reset-sent = अगर इस ई-मेल का कोई खाता है, तो हमने उस पर रीसेट कोड भेज दिया है।
done-password-reset = पासवर्ड रीसेट हो गया। अब आप नए पासवर्ड से साइन इन कर सकते हैं।
done-interest-sent = अब अभिभावक आपकी रुचि और आपके संपर्क विवरण देख सकते हैं।
done-payment-session = भुगतान सेशन शुरू हो गया।
done-payment-verified = भुगतान सत्यापित हो गया। आपकी सदस्यता सक्रिय है।
done-ticket-sent = धन्यवाद! आपका संदेश भेज दिया गया है। हम आमतौर पर 2-4 घंटे में जवाब देते हैं।
done-request-flagged = अनुरोध फ़्लैग कर दिया गया।
done-flag-removed = फ़्लैग हटा दिया गया।
done-tutor-assigned = ट्यूटर जोड़ दिया गया।
done-user-deleted = उपयोगकर्ता हटा दिया गया।
done-user-password-reset = पासवर्ड रीसेट हो गया। उपयोगकर्ता को फिर से साइन इन करना होगा।
done-broadcast-sent = घोषणा भेज दी गई।
done-asset-deleted = एसेट हटा दिया गया।
done-logo-uploaded = लोगो अपलोड हो गया।
done-banner-uploaded = बैनर अपलोड हो गया।
done-file-uploaded = फ़ाइल अपलोड हो गई!
done-files-uploaded = { $count ->
    [one] { $count } फ़ाइल अपलोड हो गई!
   *[other] { $count } फ़ाइलें अपलोड हो गईं!
}
done-file-deleted = फ़ाइल हटा दी गई!
