//! The terms' Hindi names and the words people type for them in Hindi and Hinglish, beside the
//! English lists of `terms`: `hindi` is the name a Hindi reader sees (spelt as the glossary
//! spells, with nukta and chandrabindu), `also` the other spellings, in Devanagari or romanised,
//! that [`crate::resolve`] maps onto the term. Devanagari variants that only differ by nukta,
//! chandrabindu or a half nasal need no entry of their own ([`crate::devanagari::fold`]);
//! class numbers ('कक्षा 8', '8वीं', 'dasvi') are read by `numbers`, not listed here.

use crate::Facet;

/// One term's Hindi name and the other words for it.
#[derive(Debug, Clone, Copy)]
pub struct Alias {
    pub id: &'static str,
    pub hindi: &'static str,
    pub also: &'static [&'static str],
}

const fn a(id: &'static str, hindi: &'static str, also: &'static [&'static str]) -> Alias {
    Alias { id, hindi, also }
}

pub const SUBJECTS: &[Alias] = &[
    a("maths", "गणित", &["ganit", "ganith", "hisab", "हिसाब", "मैथ्स", "मैथ"]),
    a("science", "विज्ञान", &["vigyan", "vigyaan", "vigyan vishay", "सामान्य विज्ञान", "samanya vigyan", "साइंस"]),
    a("physics", "भौतिक विज्ञान", &["भौतिकी", "bhautiki", "bhautik vigyan", "bhotik vigyan", "फ़िज़िक्स"]),
    a("chemistry", "रसायन विज्ञान", &["रसायन", "रसायनशास्त्र", "rasayan", "rasayan vigyan", "rasayan shastra", "केमिस्ट्री"]),
    a("biology", "जीव विज्ञान", &["जीवविज्ञान", "jeev vigyan", "jiv vigyan", "jeevvigyan", "बायोलॉजी"]),
    a("english", "अंग्रेज़ी", &["angrezi", "angreji", "angrezee", "angrejee", "इंग्लिश", "अंग्रेज़ी व्याकरण"]),
    a("hindi", "हिन्दी", &["हिन्दी व्याकरण", "hindi vyakaran"]),
    a(
        "social-studies",
        "सामाजिक विज्ञान",
        &["सामाजिक अध्ययन", "samajik vigyan", "samajik adhyayan", "samajik", "एसएसटी"],
    ),
    a("evs", "पर्यावरण अध्ययन", &["पर्यावरण", "paryavaran", "paryavaran adhyayan", "ईवीएस"]),
    a("computer-science", "कंप्यूटर विज्ञान", &["कंप्यूटर", "computer vigyan", "कोडिंग", "प्रोग्रामिंग"]),
    a("accountancy", "लेखाशास्त्र", &["लेखांकन", "lekhashastra", "lekha shastra", "lekhankan", "अकाउंट्स"]),
    a("economics", "अर्थशास्त्र", &["arthashastra", "arthshastra", "arth shastra", "इकोनॉमिक्स"]),
    a("business-studies", "व्यवसाय अध्ययन", &["vyavsay adhyayan", "vyavasay adhyayan", "बिज़नेस स्टडीज़"]),
    a("history", "इतिहास", &["itihas", "itihaas"]),
    a("geography", "भूगोल", &["bhugol", "bhoogol"]),
    a(
        "political-science",
        "राजनीति विज्ञान",
        &["राजनीतिशास्त्र", "नागरिक शास्त्र", "rajniti vigyan", "rajneeti vigyan", "rajniti", "nagrik shastra"],
    ),
    a("sanskrit", "संस्कृत", &["sanskrut"]),
    a("tamil", "तमिल", &[]),
    a("telugu", "तेलुगु", &["तेलगू"]),
    a("kannada", "कन्नड़", &[]),
    a("malayalam", "मलयालम", &[]),
    a("marathi", "मराठी", &[]),
    a("bengali", "बांग्ला", &["बंगाली", "बंगला"]),
    a("gujarati", "गुजराती", &[]),
    a("punjabi", "पंजाबी", &[]),
    a("urdu", "उर्दू", &[]),
    a("french", "फ़्रेंच", &["फ्रांसीसी"]),
    a("german", "जर्मन", &[]),
    a("spanish", "स्पैनिश", &["स्पेनिश", "स्पेनी"]),
    a("statistics", "सांख्यिकी", &["sankhyiki"]),
    a("psychology", "मनोविज्ञान", &["manovigyan", "manovigyaan"]),
    a("music", "संगीत", &["sangeet", "sangit", "गायन", "gayan"]),
    a("art", "चित्रकला", &["chitrakala", "chitra kala", "कला", "kala", "ड्रॉइंग", "पेंटिंग"]),
    a("all-subjects", "सभी विषय", &["सब विषय", "sabhi vishay", "sab vishay", "sabhi subject"]),
];

pub const CLASSES: &[Alias] = &[
    a("nursery", "नर्सरी", &["प्ले स्कूल", "प्री नर्सरी"]),
    a("kg", "केजी (एलकेजी/यूकेजी)", &["केजी", "एलकेजी", "यूकेजी"]),
    a("class-1", "कक्षा 1", &[]),
    a("class-2", "कक्षा 2", &[]),
    a("class-3", "कक्षा 3", &[]),
    a("class-4", "कक्षा 4", &[]),
    a("class-5", "कक्षा 5", &[]),
    a("class-6", "कक्षा 6", &[]),
    a("class-7", "कक्षा 7", &[]),
    a("class-8", "कक्षा 8", &[]),
    a("class-9", "कक्षा 9", &[]),
    a("class-10", "कक्षा 10", &["मैट्रिक", "हाई स्कूल", "high school"]),
    a("class-11", "कक्षा 11", &[]),
    a("class-12", "कक्षा 12", &["इंटर", "इंटरमीडिएट", "इंटरमीडियट"]),
    a("college", "कॉलेज", &["स्नातक", "snatak", "ग्रेजुएशन", "इंजीनियरिंग", "बीकॉम", "बीएससी", "बीए"]),
    a("jee", "जेईई (मेन/एडवांस्ड)", &["जेईई", "आईआईटी", "आईआईटी जेईई"]),
    a("neet", "नीट", &["मेडिकल प्रवेश परीक्षा"]),
    a("cuet", "सीयूईटी", &[]),
    a("olympiad", "ओलंपियाड", &[]),
    a("upsc", "यूपीएससी / सिविल सेवा", &["यूपीएससी", "आईएएस", "सिविल सेवा", "civil seva"]),
    a(
        "govt-exams",
        "बैंक / एसएससी परीक्षाएँ",
        &["बैंक", "एसएससी", "सरकारी परीक्षा", "सरकारी नौकरी", "sarkari pariksha", "sarkari naukri", "sarkari exam"],
    ),
];

pub const BOARDS: &[Alias] = &[
    a("cbse", "सीबीएसई", &["एनसीईआरटी"]),
    a("icse", "आईसीएसई / आईएससी", &["आईसीएसई", "आईएससी"]),
    a(
        "state",
        "राज्य बोर्ड",
        &["rajya board", "स्टेट बोर्ड", "यूपी बोर्ड", "UP Board", "बिहार बोर्ड", "Bihar Board", "एमपी बोर्ड", "MP Board"],
    ),
    a("ib", "आईबी", &[]),
    a("igcse", "आईजीसीएसई / कैम्ब्रिज", &["आईजीसीएसई", "कैम्ब्रिज"]),
];

pub const MODES: &[Alias] = &[
    a("home", "घर पर", &["ghar par", "ghar pe", "होम ट्यूशन", "घर पर ट्यूशन", "ghar par tuition"]),
    a("online", "ऑनलाइन", &["ऑनलाइन ट्यूशन"]),
];

/// The Hindi names and words of a facet's terms.
pub fn aliases(facet: Facet) -> &'static [Alias] {
    match facet {
        Facet::Subject => SUBJECTS,
        Facet::Class => CLASSES,
        Facet::Board => BOARDS,
        Facet::Mode => MODES,
    }
}

/// The Hindi name of a term, or `None` for an id this vocabulary does not have.
pub fn hindi_label(facet: Facet, id: &str) -> Option<&'static str> {
    aliases(facet).iter().find(|a| a.id == id).map(|a| a.hindi)
}
