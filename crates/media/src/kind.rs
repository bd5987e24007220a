//! The accepted file types, by extension and by their own first bytes.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Jpeg,
    Png,
    Gif,
    Webp,
    Pdf,
    Doc,
    Docx,
}

impl Kind {
    pub fn from_extension(ext: &str) -> Option<Self> {
        Some(match ext.to_ascii_lowercase().as_str() {
            "jpg" | "jpeg" => Kind::Jpeg,
            "png" => Kind::Png,
            "gif" => Kind::Gif,
            "webp" => Kind::Webp,
            "pdf" => Kind::Pdf,
            "doc" => Kind::Doc,
            "docx" => Kind::Docx,
            _ => return None,
        })
    }

    pub fn extension(self) -> &'static str {
        match self {
            Kind::Jpeg => "jpg",
            Kind::Png => "png",
            Kind::Gif => "gif",
            Kind::Webp => "webp",
            Kind::Pdf => "pdf",
            Kind::Doc => "doc",
            Kind::Docx => "docx",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Kind::Jpeg => "image/jpeg",
            Kind::Png => "image/png",
            Kind::Gif => "image/gif",
            Kind::Webp => "image/webp",
            Kind::Pdf => "application/pdf",
            Kind::Doc => "application/msword",
            Kind::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }
    }

    /// Images are shown inline; documents are always downloaded.
    pub fn is_image(self) -> bool {
        matches!(self, Kind::Jpeg | Kind::Png | Kind::Gif | Kind::Webp)
    }

    /// Whether the file's first bytes are this kind's signature: the cheap first
    /// gate; `inspect` then reads the whole file.
    pub fn matches_head(self, head: &[u8]) -> bool {
        match self {
            Kind::Jpeg => head.starts_with(&[0xFF, 0xD8, 0xFF]),
            Kind::Png => head.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]),
            Kind::Gif => head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a"),
            Kind::Webp => head.len() >= 12 && head.starts_with(b"RIFF") && &head[8..12] == b"WEBP",
            Kind::Pdf => head.starts_with(b"%PDF-"),
            Kind::Doc => head.starts_with(&OLE_SIGNATURE),
            Kind::Docx => head.starts_with(b"PK\x03\x04"),
        }
    }
}

/// The first bytes of an OLE compound file, the container of a .doc.
pub(crate) const OLE_SIGNATURE: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
