//! Images are decoded in full and encoded again in the same format, so what is
//! stored is pixels only: no metadata (a phone photo's EXIF carries the GPS
//! position of the home), no bytes after the image (an HTML page behind a PNG
//! header), nothing a decoder would skip. Limits refuse a decompression bomb (a
//! small file declaring a huge canvas) before anything is allocated.
//!
//! WebP is encoded again as lossless WebP (the only WebP encoder the image crate
//! has), so it keeps its type and name; a lossy photo grows, and the stored size
//! is what counts against the owner's quota. An animated WebP keeps its first
//! frame; an animated GIF keeps its frames (and loops forever) up to
//! [`MAX_ANIMATION_PIXELS`] in all, beyond which it keeps its first frame only: colour
//! reduction of every frame is what makes a long animation take seconds.
//!
//! Re-encoding is CPU-heavy and runs on at most `DECODES_AT_ONCE` threads, and one
//! account holds at most one of them: its other files wait for it, so one person's
//! batch of large files cannot hold everyone else's uploads.

use std::io::Cursor;
use std::sync::{Condvar, Mutex, PoisonError};

use image::codecs::gif::{GifDecoder, GifEncoder, Repeat};
use image::codecs::jpeg::{JpegDecoder, JpegEncoder};
use image::codecs::png::{PngDecoder, PngEncoder};
use image::codecs::webp::{WebPDecoder, WebPEncoder};
use image::metadata::Orientation;
use image::{AnimationDecoder, DynamicImage, ImageDecoder, ImageError, ImageResult, Limits};

use crate::Kind;

/// Widest and tallest accepted image, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 10_000;
/// Most memory one image may take while decoded (a 48-megapixel photo with alpha fits).
pub const MAX_DECODE_BYTES: u64 = 192 * 1024 * 1024;
/// JPEG quality of the stored copy: no visible loss, a little smaller than most phones write.
const JPEG_QUALITY: u8 = 90;
/// Colour reduction effort for GIF frames with more than 256 colours (1 best … 30 fastest).
const GIF_SPEED: i32 = 10;
/// Pixels of all the frames an animated GIF keeps (about one second of encoding):
/// 60 frames of 256 × 256, or 12 of 640 × 480.
pub const MAX_ANIMATION_PIXELS: u64 = 4_000_000;
/// Images decoded at the same time, whatever the number of uploads: bounds memory
/// (each may take `MAX_DECODE_BYTES`) and keeps cores for the rest of the site.
const DECODES_AT_ONCE: usize = 2;

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Over `MAX_IMAGE_SIDE` or `MAX_DECODE_BYTES`.
    TooLarge,
    /// Truncated, corrupt, or not really this format.
    Damaged,
}

impl From<ImageError> for Refusal {
    fn from(e: ImageError) -> Self {
        match e {
            ImageError::Limits(_) => Refusal::TooLarge,
            _ => Refusal::Damaged,
        }
    }
}

/// The image in `bytes`, decoded and encoded again as `kind`, in a turn of `owner`'s.
pub(crate) fn reencode(kind: Kind, bytes: &[u8], owner: i64) -> Result<Vec<u8>, Refusal> {
    let _permit = Permit::take(owner);
    let mut out = Vec::new();
    match kind {
        Kind::Jpeg => {
            if !jpeg_is_complete(bytes) {
                return Err(Refusal::Damaged);
            }
            let image = still(JpegDecoder::new(Cursor::new(bytes))?)?;
            // Baseline JPEG holds grey or RGB only.
            let image = match image {
                DynamicImage::ImageLuma8(_) | DynamicImage::ImageRgb8(_) => image,
                other => DynamicImage::ImageRgb8(other.to_rgb8()),
            };
            image.write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))?;
        }
        Kind::Png => {
            let image = still(PngDecoder::with_limits(Cursor::new(bytes), limits())?)?;
            image.write_with_encoder(PngEncoder::new(&mut out))?;
        }
        Kind::Webp => {
            let image = still(WebPDecoder::new(Cursor::new(bytes))?)?;
            let image = if image.color().has_alpha() {
                DynamicImage::ImageRgba8(image.to_rgba8())
            } else {
                DynamicImage::ImageRgb8(image.to_rgb8())
            };
            image.write_with_encoder(WebPEncoder::new_lossless(&mut out))?;
        }
        Kind::Gif => gif(bytes, &mut out)?,
        Kind::Pdf | Kind::Doc | Kind::Docx => return Err(Refusal::Damaged),
    }
    Ok(out)
}

/// A profile photo: the image in `bytes` (JPEG, PNG or WebP), turned upright, cropped to
/// its centre square and resized to `side` × `side`, as JPEG (transparency on white).
pub(crate) fn square(kind: Kind, bytes: &[u8], side: u32, owner: i64) -> Result<Vec<u8>, Refusal> {
    let _permit = Permit::take(owner);
    let image = match kind {
        Kind::Jpeg if jpeg_is_complete(bytes) => still(JpegDecoder::new(Cursor::new(bytes))?)?,
        Kind::Png => still(PngDecoder::with_limits(Cursor::new(bytes), limits())?)?,
        Kind::Webp => still(WebPDecoder::new(Cursor::new(bytes))?)?,
        _ => return Err(Refusal::Damaged),
    };
    let (w, h) = (image.width(), image.height());
    let edge = w.min(h);
    if edge == 0 {
        return Err(Refusal::Damaged);
    }
    let cropped = image.crop_imm((w - edge) / 2, (h - edge) / 2, edge, edge);
    let resized = cropped.resize_exact(side, side, image::imageops::FilterType::Lanczos3).to_rgba8();
    let mut rgb = image::RgbImage::new(side, side);
    for (x, y, p) in resized.enumerate_pixels() {
        let a = u16::from(p[3]);
        let blend = |c: u8| ((u16::from(c) * a + 255 * (255 - a)) / 255) as u8;
        rgb.put_pixel(x, y, image::Rgb([blend(p[0]), blend(p[1]), blend(p[2])]));
    }
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(rgb).write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))?;
    Ok(out)
}

/// Whether the JPEG's segments run, scan by scan, to an end-of-image marker.
/// The decoder fills a cut-off picture with grey instead of failing, so a
/// truncated photo would otherwise be stored as if whole. Bytes after the end
/// marker (phones append motion-photo videos there) are allowed: they are not kept.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let mut at = 2; // after SOI
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return false;
        }
        let marker = bytes[at + 1];
        match marker {
            0xD9 => return true,
            0xFF => at += 1, // fill byte
            0x01 | 0xD0..=0xD7 => at += 2,
            _ => {
                let len = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
                at += 2 + len;
                if marker == 0xDA {
                    // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a
                    // restart marker inside it; any other marker ends it.
                    let ends_scan = |at: usize| bytes[at] == 0xFF && !matches!(bytes[at + 1], 0x00 | 0xD0..=0xD7);
                    while at + 1 < bytes.len() && !ends_scan(at) {
                        at += 1;
                    }
                }
            }
        }
    }
    at + 2 <= bytes.len() && bytes[at] == 0xFF && bytes[at + 1] == 0xD9
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

/// Within the limits, or refused before the pixels are allocated (decoders
/// check the dimensions only; the buffer is reserved here, as `ImageReader` does).
fn limit(decoder: &mut impl ImageDecoder) -> ImageResult<()> {
    let mut limits = limits();
    limits.reserve(decoder.total_bytes())?;
    decoder.set_limits(limits)
}

/// Decodes one picture within the limits, turned upright as its metadata says
/// (the metadata itself is not kept, so the turn must be in the pixels; broken
/// metadata is ignored like the rest of it).
fn still(mut decoder: impl ImageDecoder) -> ImageResult<DynamicImage> {
    limit(&mut decoder)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder)?;
    image.apply_orientation(orientation);
    Ok(image)
}

/// Every frame, each a full canvas, within [`MAX_ANIMATION_PIXELS`] all together (so
/// within `MAX_DECODE_BYTES` too); a longer animation keeps its first frame only.
fn gif(bytes: &[u8], out: &mut Vec<u8>) -> Result<(), Refusal> {
    let mut decoder = GifDecoder::new(Cursor::new(bytes))?;
    limit(&mut decoder)?;
    let (width, height) = decoder.dimensions();
    let frame_pixels = (u64::from(width) * u64::from(height)).max(1);
    let most_frames = (MAX_ANIMATION_PIXELS / frame_pixels).max(1);
    let mut frames = Vec::new();
    for frame in decoder.into_frames() {
        if frames.len() as u64 == most_frames {
            frames.truncate(1);
            break;
        }
        frames.push(frame?);
    }
    if frames.is_empty() {
        return Err(Refusal::Damaged);
    }
    let mut encoder = GifEncoder::new_with_speed(out, GIF_SPEED);
    encoder.set_repeat(Repeat::Infinite)?;
    encoder.encode_frames(frames)?;
    Ok(())
}

/// A place among the `DECODES_AT_ONCE` decoders, at most one per account; waits for
/// one to be free (and for the account's own to end).
struct Permit(i64);

/// The accounts whose images are being decoded now.
static BUSY: Mutex<Vec<i64>> = Mutex::new(Vec::new());
static FREED: Condvar = Condvar::new();

impl Permit {
    fn take(owner: i64) -> Self {
        let mut busy = BUSY.lock().unwrap_or_else(PoisonError::into_inner);
        while busy.len() >= DECODES_AT_ONCE || busy.contains(&owner) {
            busy = FREED.wait(busy).unwrap_or_else(PoisonError::into_inner);
        }
        busy.push(owner);
        Permit(owner)
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut busy = BUSY.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = busy.iter().position(|o| *o == self.0) {
            busy.swap_remove(at);
        }
        // Waiters wait for different things (any place, or their account's): wake them all.
        FREED.notify_all();
    }
}
