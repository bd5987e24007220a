//! Small, well-formed files for the upload tests: what a phone's camera or a scanner would send,
//! made in memory so that no fixture file is needed.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

/// A `width`×`height` picture in `format`, with a gradient (not one flat colour, so that a
/// re-encoded copy differs from a blank one).
pub fn picture(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| Rgb([(x * 30) as u8, (y * 30) as u8, 99]));
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image).write_to(&mut out, format).expect("encode");
    out.into_inner()
}

/// The smallest picture an upload accepts: a 2×2 PNG.
pub fn png() -> Vec<u8> {
    picture(ImageFormat::Png, 2, 2)
}
