//! Documents are kept as sent: they are served only as downloads, in a
//! sandbox. They must still be what they claim beyond their first bytes, so a
//! file that merely starts like a PDF or a ZIP is refused.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use crate::Kind;

/// A PDF's trailer ends with `%%EOF` within its last 1024 bytes (readers look
/// there; a few bytes of line ends or padding may follow it).
const PDF_TAIL: u64 = 1024;

/// Whether the whole file at `path` has the structure of `kind` (a document kind).
pub(crate) fn well_formed(kind: Kind, path: &Path) -> bool {
    match kind {
        Kind::Pdf => pdf(path).unwrap_or(false),
        Kind::Docx => docx(path).unwrap_or(false),
        Kind::Doc => doc(path).unwrap_or(false),
        Kind::Jpeg | Kind::Png | Kind::Gif | Kind::Webp => false,
    }
}

fn pdf(path: &Path) -> std::io::Result<bool> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(PDF_TAIL)))?;
    let mut tail = Vec::new();
    file.read_to_end(&mut tail)?;
    Ok(tail.windows(5).any(|w| w == b"%%EOF"))
}

/// A .docx is a ZIP package with a content-type map and a main document part.
/// Only the archive's directory is read: nothing is decompressed, so a ZIP bomb costs nothing.
fn docx(path: &Path) -> std::io::Result<bool> {
    let Ok(archive) = zip::ZipArchive::new(File::open(path)?) else {
        return Ok(false);
    };
    Ok(archive.index_for_name("[Content_Types].xml").is_some() && archive.index_for_name("word/document.xml").is_some())
}

/// A .doc is an OLE compound file holding a `WordDocument` stream.
fn doc(path: &Path) -> std::io::Result<bool> {
    let Ok(compound) = cfb::open(path) else {
        return Ok(false);
    };
    Ok(compound.is_stream("/WordDocument"))
}
