import type { Vocabulary } from '@/features/vocabulary'

/** GET /api/vocabulary as the server answers it (crates/vocabulary/src/terms.rs, copied for tests). */
export const VOCABULARY: Vocabulary = {
  subjects: [
    {
      id: 'maths',
      label: 'Mathematics',
      synonyms: ['Maths', 'Math', 'Mathematic', 'Ganit', 'Arithmetic'],
    },
    {
      id: 'science',
      label: 'Science',
      synonyms: ['General Science', 'Gen Science'],
    },
    {
      id: 'physics',
      label: 'Physics',
    },
    {
      id: 'chemistry',
      label: 'Chemistry',
    },
    {
      id: 'biology',
      label: 'Biology',
      synonyms: ['Bio', 'Life Science', 'Life Sciences'],
    },
    {
      id: 'english',
      label: 'English',
      synonyms: ['English Grammar', 'Spoken English', 'English Literature'],
    },
    {
      id: 'hindi',
      label: 'Hindi',
    },
    {
      id: 'social-studies',
      label: 'Social Studies',
      synonyms: ['Social Science', 'SST', 'S St', 'Social'],
    },
    {
      id: 'evs',
      label: 'Environmental Studies',
      synonyms: ['EVS', 'Environmental Science'],
    },
    {
      id: 'computer-science',
      label: 'Computer Science',
      synonyms: ['Computers', 'Computer', 'CS', 'Coding', 'Programming', 'IT', 'Informatics Practices'],
    },
    {
      id: 'accountancy',
      label: 'Accountancy',
      synonyms: ['Accounts', 'Accounting'],
    },
    {
      id: 'economics',
      label: 'Economics',
      synonyms: ['Eco'],
    },
    {
      id: 'business-studies',
      label: 'Business Studies',
      synonyms: ['BST', 'Business'],
    },
    {
      id: 'history',
      label: 'History',
    },
    {
      id: 'geography',
      label: 'Geography',
    },
    {
      id: 'political-science',
      label: 'Political Science',
      synonyms: ['Civics', 'Pol Science'],
    },
    {
      id: 'sanskrit',
      label: 'Sanskrit',
    },
    {
      id: 'tamil',
      label: 'Tamil',
    },
    {
      id: 'telugu',
      label: 'Telugu',
    },
    {
      id: 'kannada',
      label: 'Kannada',
    },
    {
      id: 'malayalam',
      label: 'Malayalam',
    },
    {
      id: 'marathi',
      label: 'Marathi',
    },
    {
      id: 'bengali',
      label: 'Bengali',
      synonyms: ['Bangla'],
    },
    {
      id: 'gujarati',
      label: 'Gujarati',
    },
    {
      id: 'punjabi',
      label: 'Punjabi',
    },
    {
      id: 'urdu',
      label: 'Urdu',
    },
    {
      id: 'french',
      label: 'French',
    },
    {
      id: 'german',
      label: 'German',
    },
    {
      id: 'spanish',
      label: 'Spanish',
    },
    {
      id: 'statistics',
      label: 'Statistics',
      synonyms: ['Stats'],
    },
    {
      id: 'psychology',
      label: 'Psychology',
    },
    {
      id: 'music',
      label: 'Music',
      synonyms: ['Vocal Music', 'Singing'],
    },
    {
      id: 'art',
      label: 'Drawing and Art',
      synonyms: ['Drawing', 'Art', 'Painting', 'Art and Craft'],
    },
    {
      id: 'all-subjects',
      label: 'All Subjects',
      synonyms: ['All', 'All Subject', 'Every Subject'],
    },
  ],
  classes: [
    {
      id: 'nursery',
      label: 'Nursery',
      synonyms: ['Pre-nursery', 'Pre Nursery', 'Playgroup', 'Play School', 'Pre-school', 'Preschool'],
    },
    {
      id: 'kg',
      label: 'KG (LKG/UKG)',
      synonyms: ['KG', 'LKG', 'UKG', 'Kindergarten', 'Lower KG', 'Upper KG'],
    },
    {
      id: 'class-1',
      label: 'Class 1',
    },
    {
      id: 'class-2',
      label: 'Class 2',
    },
    {
      id: 'class-3',
      label: 'Class 3',
    },
    {
      id: 'class-4',
      label: 'Class 4',
    },
    {
      id: 'class-5',
      label: 'Class 5',
    },
    {
      id: 'class-6',
      label: 'Class 6',
    },
    {
      id: 'class-7',
      label: 'Class 7',
    },
    {
      id: 'class-8',
      label: 'Class 8',
    },
    {
      id: 'class-9',
      label: 'Class 9',
    },
    {
      id: 'class-10',
      label: 'Class 10',
      synonyms: ['SSLC', 'Matric', 'Matriculation'],
    },
    {
      id: 'class-11',
      label: 'Class 11',
      synonyms: ['First PUC', '1st PUC', 'FY JC'],
    },
    {
      id: 'class-12',
      label: 'Class 12',
      synonyms: ['Second PUC', '2nd PUC', 'Intermediate', 'Inter', 'HSC'],
    },
    {
      id: 'college',
      label: 'College',
      synonyms: [
        'Graduation',
        'Undergraduate',
        'UG',
        'Degree',
        'B Com',
        'BCom',
        'B Sc',
        'BSc',
        'BA',
        'B Tech',
        'BTech',
        'Engineering',
      ],
    },
    {
      id: 'jee',
      label: 'JEE (Main/Advanced)',
      synonyms: ['JEE', 'IIT JEE', 'IIT-JEE', 'JEE Main', 'JEE Mains', 'JEE Advanced', 'IIT'],
    },
    {
      id: 'neet',
      label: 'NEET',
      synonyms: ['NEET UG', 'Medical Entrance', 'AIIMS', 'PMT'],
    },
    {
      id: 'cuet',
      label: 'CUET',
      synonyms: ['CUET UG'],
    },
    {
      id: 'olympiad',
      label: 'Olympiads',
      synonyms: ['Olympiad', 'NTSE', 'KVPY'],
    },
    {
      id: 'upsc',
      label: 'UPSC / Civil Services',
      synonyms: ['UPSC', 'IAS', 'Civil Services'],
    },
    {
      id: 'govt-exams',
      label: 'Bank / SSC exams',
      synonyms: ['Bank', 'Banking', 'SSC', 'SSC CGL', 'Bank PO', 'Government Exams'],
    },
  ],
  boards: [
    {
      id: 'cbse',
      label: 'CBSE',
      synonyms: ['Central Board', 'NCERT'],
    },
    {
      id: 'icse',
      label: 'ICSE / ISC',
      synonyms: ['ICSE', 'ISC', 'CISCE'],
    },
    {
      id: 'state',
      label: 'State board',
      synonyms: ['State', 'State Board', 'SSC Board', 'Matric Board'],
    },
    {
      id: 'ib',
      label: 'IB',
      synonyms: ['International Baccalaureate', 'IB PYP', 'IB MYP', 'IB DP'],
    },
    {
      id: 'igcse',
      label: 'IGCSE / Cambridge',
      synonyms: ['IGCSE', 'Cambridge', 'CIE', 'Cambridge International'],
    },
  ],
  modes: [
    {
      id: 'home',
      label: 'At home',
      synonyms: ['Home', 'Home Tuition', 'Home tutor', 'Offline', 'In person', "At student's home"],
    },
    {
      id: 'online',
      label: 'Online',
      synonyms: ['Online Tuition', 'Virtual', 'Video'],
    },
  ],
}
