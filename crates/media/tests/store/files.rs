//! What may be stored at all: the size limit, the content matching the name's extension, documents
//! checked beyond their first bytes, names kept inside the directory, and who deletes.

use std::io::{Cursor, Write};

use hometutor_core::Role;
use hometutor_media::MediaError;

use crate::support::{files_in, fixture, pdf, png, stored_bytes, upload, LIMIT, SCRIPT};

#[test]
fn the_size_limit_is_enforced_while_streaming_and_nothing_is_left() {
    let f = fixture();
    assert!(upload(&f, "exact.pdf", &pdf(LIMIT as usize)).is_ok());
    let err = upload(&f, "big.pdf", &pdf(LIMIT as usize + 1)).err().map(|e| e.to_string());
    assert_eq!(err.as_deref(), Some("File big.pdf is too large. Maximum size is 1MB."));
    assert_eq!(files_in(&f.dir).len(), 1, "only the first file; no partial file of the second");
}

#[test]
fn content_must_match_the_extension() {
    let f = fixture();
    for (name, bytes) in
        [("evil.png", SCRIPT.to_vec()), ("x.pdf", png()), ("y.docx", b"PK\x03\x04not a word file".to_vec())]
    {
        assert!(matches!(upload(&f, name, &bytes), Err(MediaError::Mismatch(_))), "{name}");
    }
    for name in ["image.svg", "page.html", "noextension", "a\0b.png", ""] {
        assert!(matches!(upload(&f, name, &png()), Err(MediaError::NotAllowed(_))), "{name:?}");
    }
    assert!(upload(&f, "doc.pdf", &pdf(100)).is_ok());
    assert_eq!(files_in(&f.dir).len(), 1);
}

fn docx(parts: &[&str]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for part in parts {
        zip.start_file(*part, zip::write::SimpleFileOptions::default()).expect("part");
        zip.write_all(b"<?xml version=\"1.0\"?><x/>").expect("write");
    }
    zip.finish().expect("zip").into_inner()
}

fn doc(streams: &[&str]) -> Vec<u8> {
    let mut compound = cfb::CompoundFile::create(Cursor::new(Vec::new())).expect("cfb");
    for stream in streams {
        compound.create_stream(stream).expect("stream").write_all(b"\xEC\xA5 Word").expect("write");
    }
    compound.flush().expect("flush");
    compound.into_inner().into_inner()
}

#[test]
fn documents_are_checked_beyond_their_first_bytes() {
    let f = fixture();
    let refused = [
        ("fake.docx", docx(&["[Content_Types].xml", "word/other.xml"])),
        ("nocontent.docx", docx(&["word/document.xml"])),
        ("zipped.docx", [b"PK\x03\x04".as_slice(), SCRIPT].concat()),
        ("fake.doc", [[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1].as_slice(), SCRIPT].concat()),
        ("excel.doc", doc(&["/Workbook"])),
    ];
    for (name, bytes) in refused {
        assert!(matches!(upload(&f, name, &bytes), Err(MediaError::Mismatch(_))), "{name}");
    }
    let cut = pdf(2000)[..1500].to_vec();
    assert!(matches!(upload(&f, "cut.pdf", &cut), Err(MediaError::Mismatch(_))), "no %%EOF trailer");
    assert!(files_in(&f.dir).is_empty());

    let word =
        upload(&f, "cv.docx", &docx(&["[Content_Types].xml", "_rels/.rels", "word/document.xml"])).expect("docx");
    let old_word = upload(&f, "cv.doc", &doc(&["/WordDocument", "/1Table"])).expect("doc");
    let mut padded = pdf(3000);
    padded.extend_from_slice(&[b'\n'; 200]);
    let pdf = upload(&f, "notes.pdf", &padded).expect("a trailer followed by line ends");
    for (file, mime) in [
        (&word, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        (&old_word, "application/msword"),
        (&pdf, "application/pdf"),
    ] {
        assert_eq!(file.mimetype, mime);
    }
    assert_eq!(stored_bytes(&f, &pdf), padded, "documents are kept as sent");
}

#[test]
fn names_cannot_escape_the_upload_directory() {
    let f = fixture();
    let stored = upload(&f, "../../etc/passwd.png", &png()).expect("stored");
    assert_eq!(stored.original_name, "passwd.png");
    assert_eq!(files_in(&f.dir), vec![stored.filename]);
    for bad in ["../secret.png", "/etc/passwd", "abc.png", "..", "0123456789abcdef0123456789abcdef.exe"] {
        assert!(matches!(f.media.find(bad), Err(MediaError::NotFound)), "{bad}");
    }
}

#[test]
fn only_the_uploader_or_an_admin_deletes() {
    let f = fixture();
    let stored = upload(&f, "a.png", &png()).expect("stored");
    assert!(matches!(f.media.delete(f.other, Role::Tutor, &stored.filename), Err(MediaError::NotYours)));
    f.media.delete(f.other, Role::Admin, &stored.filename).expect("admin");
    assert!(files_in(&f.dir).is_empty());
    assert!(matches!(f.media.delete(f.owner, Role::Tutor, &stored.filename), Err(MediaError::NotFound)));
}
