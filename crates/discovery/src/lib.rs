//! Discovery (issue 20): tutor search for parents and visitors, and recommended tutors for a
//! request with a transparent score and the reasons behind it.
//!
//! SKELETON: lands with issue 20's search part.
