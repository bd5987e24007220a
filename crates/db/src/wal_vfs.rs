//! A SQLite VFS that writes a transaction's write-ahead-log frames in one system call.
//!
//! SQLite writes each WAL frame with two `pwrite`s (its 24-byte header, then the page), so a chat batch
//! that dirties ≈ 44 pages made ≈ 88 system calls before its `fsync`: 13 % of the server's CPU at
//! 5,000 msg/s (issue 22's profile in the README). This VFS is SQLite's own unix VFS with one change:
//! writes to a `-wal` file are gathered in memory while they are contiguous and written with one
//! `pwrite` before anything else touches that file: its sync, a read, its size, a truncate, a file
//! control, closing it. Every other file (the database, journals, temporary files) is the unix VFS's own,
//! untouched.
//!
//! Why that is safe: what a commit wrote reaches the file before the commit's `fsync`, as before, and
//! other connections only read frames the WAL index names, which a commit publishes after that sync. The
//! sync is there because every connection runs with `synchronous = FULL` (`connection.rs`): with a
//! weaker setting a commit would publish frames still held here, so connections that do not set FULL
//! must not use this VFS. Only `DatabaseTarget::connect`'s connections name it.
//!
//! A failed write (a full disk) is reported by the call that flushed it: the commit's sync, with the
//! unix VFS's own error code, so SQLite ends the transaction exactly as when the frame's own write failed.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::os::unix::ffi::OsStrExt;
use std::sync::OnceLock;

use libsqlite3_sys as ffi;

/// The name connections give in their URI (`?vfs=…`).
pub(crate) const NAME: &CStr = c"hometutor-wal";

/// Writes are gathered up to this many bytes; a larger transaction flushes as it goes, so memory stays
/// bounded however much one statement changes.
const GATHER_LIMIT: usize = 1 << 20;

/// After a flush, a gathering buffer larger than this is given back: only a writer's WAL handle gathers,
/// and a commit of a usual size fits in it.
const KEPT_CAPACITY: usize = 256 << 10;

/// Registers the VFS once per process (not as the default) and answers whether it is available.
pub(crate) fn register() -> bool {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    *REGISTERED.get_or_init(|| {
        // SAFETY: sqlite3_vfs_find(NULL) returns the default VFS (unix), which lives for the process. The
        // VFS registered here is leaked, as SQLite requires of a registered VFS.
        unsafe {
            let unix = ffi::sqlite3_vfs_find(std::ptr::null());
            if unix.is_null() {
                return false;
            }
            let mut vfs: ffi::sqlite3_vfs = std::ptr::read(unix);
            vfs.pNext = std::ptr::null_mut();
            vfs.zName = NAME.as_ptr();
            vfs.pAppData = unix.cast();
            vfs.szOsFile = (size_of::<WalFile>() + (*unix).szOsFile as usize) as c_int;
            vfs.xOpen = Some(open);
            vfs.xDelete = Some(delete);
            vfs.xAccess = Some(access);
            vfs.xFullPathname = Some(full_pathname);
            vfs.xDlOpen = Some(dl_open);
            vfs.xDlError = Some(dl_error);
            vfs.xDlSym = Some(dl_sym);
            vfs.xDlClose = Some(dl_close);
            vfs.xRandomness = Some(randomness);
            vfs.xSleep = Some(sleep);
            vfs.xCurrentTime = Some(current_time);
            vfs.xGetLastError = Some(get_last_error);
            // Version 2: the system-call overrides of version 3 are for SQLite's own tests.
            vfs.iVersion = 2;
            vfs.xCurrentTimeInt64 = Some(current_time_int64);
            vfs.xSetSystemCall = None;
            vfs.xGetSystemCall = None;
            vfs.xNextSystemCall = None;
            ffi::sqlite3_vfs_register(Box::into_raw(Box::new(vfs)), 0) == ffi::SQLITE_OK
        }
    })
}

/// An open `-wal` file: SQLite's file header (our methods), the gathered writes, then the unix VFS's
/// own file object in the bytes after this struct.
#[repr(C)]
struct WalFile {
    base: ffi::sqlite3_file,
    /// Where `pending` starts in the file; meaningless while it is empty.
    pending_offset: i64,
    pending: Vec<u8>,
    /// The file's full path, as SQLite gave it to `xOpen` (SQLite keeps it valid until `xClose`).
    path: *const c_char,
    /// Our own descriptor for the gathered writes, opened at the first: the unix VFS's `xWrite` cuts
    /// every write at 128 KiB, and a commit's frames are larger. `fsync` on the unix VFS's descriptor
    /// syncs the file whatever descriptor wrote it, and no lock is ever taken on a WAL file, so a
    /// second descriptor on it is harmless.
    writer: Option<std::fs::File>,
}

// The unix VFS's file object follows at this offset and needs 8-byte alignment (SQLite allocates the
// whole at 8).
const _: () = assert!(size_of::<WalFile>() % 8 == 0);

/// The unix VFS, kept in our VFS's `pAppData`.
unsafe fn unix(vfs: *mut ffi::sqlite3_vfs) -> *mut ffi::sqlite3_vfs {
    (*vfs).pAppData.cast()
}

/// The unix VFS's file object inside a `WalFile`.
unsafe fn inner(file: *mut ffi::sqlite3_file) -> *mut ffi::sqlite3_file {
    file.cast::<u8>().add(size_of::<WalFile>()).cast()
}

/// Calls one of the unix VFS's file methods on the file object inside a `WalFile`; a method the unix VFS
/// does not have (it has all of version 1) answers an I/O error.
macro_rules! io_call {
    ($method:ident, $file:expr $(, $arg:expr)*) => {{
        let unix_file = inner($file);
        match (*(*unix_file).pMethods).$method {
            Some(method) => method(unix_file $(, $arg)*),
            None => ffi::SQLITE_IOERR,
        }
    }};
}

/// Calls one of the unix VFS's own methods with the unix VFS itself; `or` is the answer if it had none
/// (it has every method of version 2).
macro_rules! vfs_call {
    ($vfs:expr, $method:ident $(, $arg:expr)* ; or $fallback:expr) => {{
        let unix = unix($vfs);
        match (*unix).$method {
            Some(method) => method(unix $(, $arg)*),
            None => $fallback,
        }
    }};
}

static WAL_METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    // Version 1: SQLite maps and locks the database file, never the WAL, through these.
    iVersion: 1,
    xClose: Some(wal_close),
    xRead: Some(wal_read),
    xWrite: Some(wal_write),
    xTruncate: Some(wal_truncate),
    xSync: Some(wal_sync),
    xFileSize: Some(wal_file_size),
    xLock: Some(wal_lock),
    xUnlock: Some(wal_unlock),
    xCheckReservedLock: Some(wal_check_reserved_lock),
    xFileControl: Some(wal_file_control),
    xSectorSize: Some(wal_sector_size),
    xDeviceCharacteristics: Some(wal_device_characteristics),
    xShmMap: None,
    xShmLock: None,
    xShmBarrier: None,
    xShmUnmap: None,
    xFetch: None,
    xUnfetch: None,
};

unsafe extern "C" fn open(
    vfs: *mut ffi::sqlite3_vfs,
    name: ffi::sqlite3_filename,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    if flags & ffi::SQLITE_OPEN_WAL == 0 {
        // Not a WAL: the unix VFS's file object in place, with its own methods.
        return vfs_call!(vfs, xOpen, name, file, flags, out_flags; or ffi::SQLITE_CANTOPEN);
    }
    let rc = vfs_call!(vfs, xOpen, name, inner(file), flags, out_flags; or ffi::SQLITE_CANTOPEN);
    if rc != ffi::SQLITE_OK {
        (*file).pMethods = std::ptr::null();
        return rc;
    }
    std::ptr::write(
        file.cast::<WalFile>(),
        WalFile {
            base: ffi::sqlite3_file { pMethods: &WAL_METHODS },
            pending_offset: 0,
            pending: Vec::new(),
            path: name,
            writer: None,
        },
    );
    ffi::SQLITE_OK
}

/// Writes what is gathered, in one system call.
unsafe fn flush(file: *mut ffi::sqlite3_file) -> c_int {
    use std::os::unix::fs::FileExt;

    let wal = &mut *file.cast::<WalFile>();
    if wal.pending.is_empty() {
        return ffi::SQLITE_OK;
    }
    if wal.writer.is_none() {
        let path = std::ffi::OsStr::from_bytes(CStr::from_ptr(wal.path).to_bytes());
        match std::fs::OpenOptions::new().write(true).open(path) {
            Ok(writer) => wal.writer = Some(writer),
            Err(_) => return ffi::SQLITE_IOERR_WRITE,
        }
    }
    let written = match &wal.writer {
        Some(writer) => writer.write_all_at(&wal.pending, wal.pending_offset as u64),
        None => return ffi::SQLITE_IOERR_WRITE,
    };
    wal.pending.clear();
    if wal.pending.capacity() > KEPT_CAPACITY {
        wal.pending = Vec::new();
    }
    match written {
        Ok(()) => ffi::SQLITE_OK,
        // What the unix VFS answers for a full disk (and for a write that wrote nothing).
        Err(e) if e.raw_os_error() == Some(ENOSPC) || e.kind() == std::io::ErrorKind::WriteZero => ffi::SQLITE_FULL,
        Err(_) => ffi::SQLITE_IOERR_WRITE,
    }
}

/// Linux's "no space left on device".
const ENOSPC: i32 = 28;

unsafe extern "C" fn wal_write(file: *mut ffi::sqlite3_file, data: *const c_void, amount: c_int, offset: i64) -> c_int {
    let bytes = std::slice::from_raw_parts(data.cast::<u8>(), amount.max(0) as usize);
    let wal = &mut *file.cast::<WalFile>();
    let follows = !wal.pending.is_empty() && wal.pending_offset + wal.pending.len() as i64 == offset;
    if !follows || wal.pending.len() + bytes.len() > GATHER_LIMIT {
        let rc = flush(file);
        if rc != ffi::SQLITE_OK {
            return rc;
        }
    }
    let wal = &mut *file.cast::<WalFile>();
    if bytes.len() > GATHER_LIMIT {
        return io_call!(xWrite, file, data, amount, offset);
    }
    if wal.pending.is_empty() {
        wal.pending_offset = offset;
    }
    wal.pending.extend_from_slice(bytes);
    ffi::SQLITE_OK
}

unsafe extern "C" fn wal_close(file: *mut ffi::sqlite3_file) -> c_int {
    let flushed = flush(file);
    let closed = io_call!(xClose, file);
    std::ptr::drop_in_place(file.cast::<WalFile>());
    if flushed != ffi::SQLITE_OK {
        flushed
    } else {
        closed
    }
}

unsafe extern "C" fn wal_read(file: *mut ffi::sqlite3_file, data: *mut c_void, amount: c_int, offset: i64) -> c_int {
    let rc = flush(file);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    io_call!(xRead, file, data, amount, offset)
}

unsafe extern "C" fn wal_truncate(file: *mut ffi::sqlite3_file, size: i64) -> c_int {
    let rc = flush(file);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    io_call!(xTruncate, file, size)
}

unsafe extern "C" fn wal_sync(file: *mut ffi::sqlite3_file, flags: c_int) -> c_int {
    let rc = flush(file);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    io_call!(xSync, file, flags)
}

unsafe extern "C" fn wal_file_size(file: *mut ffi::sqlite3_file, size: *mut i64) -> c_int {
    let rc = flush(file);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    io_call!(xFileSize, file, size)
}

unsafe extern "C" fn wal_lock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    io_call!(xLock, file, level)
}

unsafe extern "C" fn wal_unlock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    io_call!(xUnlock, file, level)
}

unsafe extern "C" fn wal_check_reserved_lock(file: *mut ffi::sqlite3_file, out: *mut c_int) -> c_int {
    io_call!(xCheckReservedLock, file, out)
}

unsafe extern "C" fn wal_file_control(file: *mut ffi::sqlite3_file, op: c_int, arg: *mut c_void) -> c_int {
    let rc = flush(file);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    io_call!(xFileControl, file, op, arg)
}

unsafe extern "C" fn wal_sector_size(file: *mut ffi::sqlite3_file) -> c_int {
    io_call!(xSectorSize, file)
}

unsafe extern "C" fn wal_device_characteristics(file: *mut ffi::sqlite3_file) -> c_int {
    io_call!(xDeviceCharacteristics, file)
}

// The rest of the VFS is the unix VFS's, called with the unix VFS itself.

unsafe extern "C" fn delete(vfs: *mut ffi::sqlite3_vfs, name: *const c_char, sync_dir: c_int) -> c_int {
    vfs_call!(vfs, xDelete, name, sync_dir; or ffi::SQLITE_ERROR)
}

unsafe extern "C" fn access(vfs: *mut ffi::sqlite3_vfs, name: *const c_char, flags: c_int, out: *mut c_int) -> c_int {
    vfs_call!(vfs, xAccess, name, flags, out; or ffi::SQLITE_ERROR)
}

unsafe extern "C" fn full_pathname(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    n: c_int,
    out: *mut c_char,
) -> c_int {
    vfs_call!(vfs, xFullPathname, name, n, out; or ffi::SQLITE_ERROR)
}

unsafe extern "C" fn dl_open(vfs: *mut ffi::sqlite3_vfs, name: *const c_char) -> *mut c_void {
    vfs_call!(vfs, xDlOpen, name; or std::ptr::null_mut())
}

unsafe extern "C" fn dl_error(vfs: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) {
    vfs_call!(vfs, xDlError, n, out; or ())
}

type DlSymbol = Option<unsafe extern "C" fn(*mut ffi::sqlite3_vfs, *mut c_void, *const c_char)>;

unsafe extern "C" fn dl_sym(vfs: *mut ffi::sqlite3_vfs, handle: *mut c_void, symbol: *const c_char) -> DlSymbol {
    vfs_call!(vfs, xDlSym, handle, symbol; or None)
}

unsafe extern "C" fn dl_close(vfs: *mut ffi::sqlite3_vfs, handle: *mut c_void) {
    vfs_call!(vfs, xDlClose, handle; or ())
}

unsafe extern "C" fn randomness(vfs: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) -> c_int {
    vfs_call!(vfs, xRandomness, n, out; or ffi::SQLITE_ERROR)
}

unsafe extern "C" fn sleep(vfs: *mut ffi::sqlite3_vfs, microseconds: c_int) -> c_int {
    vfs_call!(vfs, xSleep, microseconds; or ffi::SQLITE_ERROR)
}

unsafe extern "C" fn current_time(vfs: *mut ffi::sqlite3_vfs, out: *mut f64) -> c_int {
    vfs_call!(vfs, xCurrentTime, out; or ffi::SQLITE_ERROR)
}

unsafe extern "C" fn get_last_error(vfs: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) -> c_int {
    vfs_call!(vfs, xGetLastError, n, out; or ffi::SQLITE_ERROR)
}

unsafe extern "C" fn current_time_int64(vfs: *mut ffi::sqlite3_vfs, out: *mut ffi::sqlite3_int64) -> c_int {
    vfs_call!(vfs, xCurrentTimeInt64, out; or ffi::SQLITE_ERROR)
}

/// The URI that opens `path` through this VFS: a plain path becomes a `file:` URI (its `%`, `?` and `#`
/// escaped), a `file:` URI gains the parameter, and `:memory:` (which has no WAL) stays as it is.
pub(crate) fn uri_for(path: &str) -> String {
    if path == ":memory:" || !register() {
        return path.to_string();
    }
    let vfs = NAME.to_str().unwrap_or_default();
    if let Some(rest) = path.strip_prefix("file:") {
        if rest.contains("vfs=") {
            return path.to_string();
        }
        let separator = if rest.contains('?') { '&' } else { '?' };
        return format!("{path}{separator}vfs={vfs}");
    }
    let mut escaped = String::with_capacity(path.len() + 16);
    for c in path.chars() {
        match c {
            '%' => escaped.push_str("%25"),
            '?' => escaped.push_str("%3f"),
            '#' => escaped.push_str("%23"),
            c => escaped.push(c),
        }
    }
    // An absolute path gets an empty authority ("file:///…") so a leading "//" is never read as a host.
    let authority = if escaped.starts_with('/') { "//" } else { "" };
    format!("file:{authority}{escaped}?vfs={vfs}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uris_naming_the_vfs() {
        assert_eq!(uri_for("data/hometutor.db"), "file:data/hometutor.db?vfs=hometutor-wal");
        assert_eq!(uri_for("/var/lib/h t/x.db"), "file:///var/lib/h t/x.db?vfs=hometutor-wal");
        assert_eq!(uri_for("odd?name#1%.db"), "file:odd%3fname%231%25.db?vfs=hometutor-wal");
        assert_eq!(uri_for("file:t1?mode=memory&cache=shared"), "file:t1?mode=memory&cache=shared&vfs=hometutor-wal");
        assert_eq!(uri_for("file:t2"), "file:t2?vfs=hometutor-wal");
        assert_eq!(uri_for("file:t3?vfs=unix"), "file:t3?vfs=unix");
        assert_eq!(uri_for(":memory:"), ":memory:");
    }
}
