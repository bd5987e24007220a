//! The lists themselves. Order is the order people see in pickers: the most asked-for first.
//! Add terms freely; never rename or remove an id (stored rows and clients use them).

use crate::Term;

const fn t(id: &'static str, label: &'static str, synonyms: &'static [&'static str]) -> Term {
    Term { id, label, synonyms }
}

pub const SUBJECTS: &[Term] = &[
    t("maths", "Mathematics", &["Maths", "Math", "Mathematic", "Ganit", "Arithmetic"]),
    t("science", "Science", &["General Science", "Gen Science"]),
    t("physics", "Physics", &[]),
    t("chemistry", "Chemistry", &[]),
    t("biology", "Biology", &["Bio", "Life Science", "Life Sciences"]),
    t("english", "English", &["English Grammar", "Spoken English", "English Literature"]),
    t("hindi", "Hindi", &[]),
    t("social-studies", "Social Studies", &["Social Science", "SST", "S St", "Social"]),
    t("evs", "Environmental Studies", &["EVS", "Environmental Science"]),
    t(
        "computer-science",
        "Computer Science",
        &["Computers", "Computer", "CS", "Coding", "Programming", "IT", "Informatics Practices"],
    ),
    t("accountancy", "Accountancy", &["Accounts", "Accounting"]),
    t("economics", "Economics", &["Eco"]),
    t("business-studies", "Business Studies", &["BST", "Business"]),
    t("history", "History", &[]),
    t("geography", "Geography", &[]),
    t("political-science", "Political Science", &["Civics", "Pol Science"]),
    t("sanskrit", "Sanskrit", &[]),
    t("tamil", "Tamil", &[]),
    t("telugu", "Telugu", &[]),
    t("kannada", "Kannada", &[]),
    t("malayalam", "Malayalam", &[]),
    t("marathi", "Marathi", &[]),
    t("bengali", "Bengali", &["Bangla"]),
    t("gujarati", "Gujarati", &[]),
    t("punjabi", "Punjabi", &[]),
    t("urdu", "Urdu", &[]),
    t("french", "French", &[]),
    t("german", "German", &[]),
    t("spanish", "Spanish", &[]),
    t("statistics", "Statistics", &["Stats"]),
    t("psychology", "Psychology", &[]),
    t("music", "Music", &["Vocal Music", "Singing"]),
    t("art", "Drawing and Art", &["Drawing", "Art", "Painting", "Art and Craft"]),
    t("all-subjects", "All Subjects", &["All", "All Subject", "Every Subject"]),
];

pub const CLASSES: &[Term] = &[
    t("nursery", "Nursery", &["Pre-nursery", "Pre Nursery", "Playgroup", "Play School", "Pre-school", "Preschool"]),
    t("kg", "KG (LKG/UKG)", &["KG", "LKG", "UKG", "Kindergarten", "Lower KG", "Upper KG"]),
    t("class-1", "Class 1", &[]),
    t("class-2", "Class 2", &[]),
    t("class-3", "Class 3", &[]),
    t("class-4", "Class 4", &[]),
    t("class-5", "Class 5", &[]),
    t("class-6", "Class 6", &[]),
    t("class-7", "Class 7", &[]),
    t("class-8", "Class 8", &[]),
    t("class-9", "Class 9", &[]),
    t("class-10", "Class 10", &["SSLC", "Matric", "Matriculation"]),
    t("class-11", "Class 11", &["First PUC", "1st PUC", "FY JC"]),
    t("class-12", "Class 12", &["Second PUC", "2nd PUC", "Intermediate", "Inter", "HSC"]),
    t(
        "college",
        "College",
        &[
            "Graduation",
            "Undergraduate",
            "UG",
            "Degree",
            "B Com",
            "BCom",
            "B Sc",
            "BSc",
            "BA",
            "B Tech",
            "BTech",
            "Engineering",
        ],
    ),
    t("jee", "JEE (Main/Advanced)", &["JEE", "IIT JEE", "IIT-JEE", "JEE Main", "JEE Mains", "JEE Advanced", "IIT"]),
    t("neet", "NEET", &["NEET UG", "Medical Entrance", "AIIMS", "PMT"]),
    t("cuet", "CUET", &["CUET UG"]),
    t("olympiad", "Olympiads", &["Olympiad", "NTSE", "KVPY"]),
    t("upsc", "UPSC / Civil Services", &["UPSC", "IAS", "Civil Services"]),
    t("govt-exams", "Bank / SSC exams", &["Bank", "Banking", "SSC", "SSC CGL", "Bank PO", "Government Exams"]),
];

pub const BOARDS: &[Term] = &[
    t("cbse", "CBSE", &["Central Board", "NCERT"]),
    t("icse", "ICSE / ISC", &["ICSE", "ISC", "CISCE"]),
    t("state", "State board", &["State", "State Board", "SSC Board", "Matric Board"]),
    t("ib", "IB", &["International Baccalaureate", "IB PYP", "IB MYP", "IB DP"]),
    t("igcse", "IGCSE / Cambridge", &["IGCSE", "Cambridge", "CIE", "Cambridge International"]),
];

pub const MODES: &[Term] = &[
    t("home", "At home", &["Home", "Home Tuition", "Home tutor", "Offline", "In person", "At student's home"]),
    t("online", "Online", &["Online Tuition", "Virtual", "Video"]),
];
