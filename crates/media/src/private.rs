//! Private files: a tutor's verification documents. Checked exactly as uploads are (images
//! encoded again, documents' structure checked), kept in the same object store under
//! `private/`, and recorded by their owner's module, never in `uploads`: the public
//! uploads route serves only names that are `<32 hex>.<ext>` with an `uploads` row, so it
//! can never serve one of these. Who may read one is the recording module's rule, and
//! which ones are still referenced is its to say to the orphan sweep (`crate::sweep`).

use hometutor_core::UserId;

use crate::{Kind, MediaError, MediaStore, Pending};

/// Where private objects live in the store.
const PREFIX: &str = "private/";

/// A private file as stored: its object's name and what serving it needs.
#[derive(Debug, Clone, PartialEq)]
pub struct PrivateFile {
    pub object_name: String,
    pub original_name: String,
    pub mimetype: String,
    pub size: u64,
}

impl PrivateFile {
    pub fn kind(&self) -> Option<Kind> {
        self.object_name.rsplit_once('.').and_then(|(_, ext)| Kind::from_extension(ext))
    }
}

/// A private object's name is exactly `private/<32 hex>.<allowed extension>`.
pub(crate) fn valid_private_name(name: &str) -> bool {
    name.strip_prefix(PREFIX).is_some_and(|rest| match rest.split_once('.') {
        Some((stem, ext)) => {
            stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_hexdigit()) && Kind::from_extension(ext).is_some()
        }
        None => false,
    })
}

impl Pending {
    /// Checks the content as [`Pending::finish`] does and stores it as a private object;
    /// nothing is recorded here (the caller records it, and removes the object with
    /// [`MediaStore::delete_private`] if that fails). Blocking and CPU-heavy.
    pub fn finish_private(mut self, owner: UserId) -> Result<PrivateFile, MediaError> {
        let content = self.checked_content(owner)?;
        let file = PrivateFile {
            object_name: format!("{PREFIX}{}.{}", uuid::Uuid::new_v4().simple(), self.kind.extension()),
            original_name: self.name.clone(),
            mimetype: self.kind.mime().to_string(),
            size: content.len() as u64,
        };
        self.store.objects.put(&file.object_name, content.into())?;
        Ok(file)
    }
}

impl MediaStore {
    /// A private object's size and bytes. Async.
    pub async fn stream_private(
        &self,
        object_name: &str,
    ) -> Result<(u64, futures_util::stream::BoxStream<'static, Result<bytes::Bytes, MediaError>>), MediaError> {
        if !valid_private_name(object_name) {
            return Err(MediaError::NotFound);
        }
        self.objects.open(object_name).await
    }

    /// Removes a private object; one already gone is no error. Blocking.
    pub fn delete_private(&self, object_name: &str) -> Result<(), MediaError> {
        if !valid_private_name(object_name) {
            return Err(MediaError::NotFound);
        }
        self.objects.delete(object_name)
    }
}

#[cfg(test)]
mod tests {
    use super::valid_private_name;

    #[test]
    fn only_private_names_of_random_stems_and_allowed_kinds() {
        assert!(valid_private_name("private/0123456789abcdef0123456789abcdef.pdf"));
        assert!(!valid_private_name("0123456789abcdef0123456789abcdef.pdf"));
        assert!(!valid_private_name("private/../0123456789abcdef0123456789abcdef.pdf"));
        assert!(!valid_private_name("private/0123456789abcdef0123456789abcdef.exe"));
    }
}
