//! Images are decoded and encoded again: smuggled pages, GPS positions and damaged or oversized pictures
//! do not survive.

use hometutor_media::MediaError;
use image::ImageFormat;

use crate::support::{files_in, fixture, picture, png, stored_bytes, upload, SCRIPT};

#[test]
fn a_real_image_is_stored_under_a_random_name() {
    let f = fixture();
    let stored = upload(&f, "My Photo.PNG", &png()).expect("stored");
    assert_eq!((stored.original_name.as_str(), stored.mimetype.as_str()), ("My Photo.PNG", "image/png"));
    assert!(stored.filename.ends_with(".png") && stored.filename.len() == 36);
    assert_eq!(files_in(&f.dir), vec![stored.filename.clone()]);
    let found = f.media.find(&stored.filename).expect("find");
    let bytes = std::fs::read(f.dir.join(&stored.filename)).expect("read");
    assert_eq!((bytes.len() as u64, found), (stored.size, stored.clone()), "the size is the stored copy's");
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Png).expect("still a PNG");
    assert_eq!((decoded.width(), decoded.height()), (3, 2));
}

#[test]
fn html_behind_an_image_header_is_not_stored() {
    let f = fixture();
    for (name, format) in [
        ("a.png", ImageFormat::Png),
        ("b.jpg", ImageFormat::Jpeg),
        ("c.gif", ImageFormat::Gif),
        ("d.webp", ImageFormat::WebP),
    ] {
        let mut polyglot = picture(format, 4, 3);
        polyglot.extend_from_slice(SCRIPT);
        let stored = upload(&f, name, &polyglot).unwrap_or_else(|e| panic!("{name}: {e}"));
        let bytes = stored_bytes(&f, &stored);
        assert!(!contains(&bytes, b"<script"), "{name}: the smuggled page is gone");
        let decoded = image::load_from_memory_with_format(&bytes, format).expect("still an image of its type");
        assert_eq!((decoded.width(), decoded.height()), (4, 3), "{name}");
        assert_eq!(stored.size, bytes.len() as u64);
    }
}

/// An EXIF block as a phone writes it: little-endian TIFF with IFD0 holding
/// Orientation 6 (turn 90° clockwise to view) and a pointer to a GPS IFD
/// holding the latitude of the home.
fn exif_with_gps() -> Vec<u8> {
    let mut t: Vec<u8> = b"II*\0".to_vec();
    t.extend_from_slice(&8u32.to_le_bytes());
    // IFD0 at 8: two entries, then the next-IFD offset (0).
    t.extend_from_slice(&2u16.to_le_bytes());
    t.extend_from_slice(&[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]); // Orientation, SHORT, 1, 6
    t.extend_from_slice(&[0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0]); // GPSInfo, LONG, 1, offset 38
    t.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(t.len(), 38);
    // GPS IFD at 38: LatitudeRef "N", Latitude 28/1 36/1 5004/100 (at 68).
    t.extend_from_slice(&2u16.to_le_bytes());
    t.extend_from_slice(&[0x01, 0x00, 2, 0, 2, 0, 0, 0, b'N', 0, 0, 0]);
    t.extend_from_slice(&[0x02, 0x00, 5, 0, 3, 0, 0, 0, 68, 0, 0, 0]);
    t.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(t.len(), 68);
    for (n, d) in [(28u32, 1u32), (36, 1), (5004, 100)] {
        t.extend_from_slice(&n.to_le_bytes());
        t.extend_from_slice(&d.to_le_bytes());
    }
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&t);
    app1
}

/// `jpeg` with an APP1 segment holding `payload` right after its SOI marker.
fn with_app1(jpeg: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_photo_loses_its_gps_position_but_stays_upright() {
    let f = fixture();
    let exif = exif_with_gps();
    let photo = with_app1(&picture(ImageFormat::Jpeg, 8, 4), &exif);
    assert!(contains(&photo, b"Exif\0\0") && contains(&photo, &5004u32.to_le_bytes()));
    let stored = upload(&f, "home.jpg", &photo).expect("stored");
    let bytes = stored_bytes(&f, &stored);
    assert!(!contains(&bytes, b"Exif"), "no EXIF block is kept");
    assert!(!contains(&bytes, &exif[6..]), "nor the GPS data");
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg).expect("a JPEG");
    assert_eq!((decoded.width(), decoded.height()), (4, 8), "turned as the metadata said, before it was dropped");
}

#[test]
fn a_damaged_image_is_refused_and_nothing_is_left() {
    let f = fixture();
    let whole = picture(ImageFormat::Png, 40, 40);
    let err = upload(&f, "cut.png", &whole[..whole.len() / 2]).expect_err("refused");
    assert_eq!(err.to_string(), "File cut.png is damaged or incomplete.");
    let jpeg = picture(ImageFormat::Jpeg, 40, 40);
    for cut in [20, jpeg.len() / 2, jpeg.len() - 2] {
        assert!(matches!(upload(&f, "cut.jpg", &jpeg[..cut]), Err(MediaError::Damaged(_))), "cut at {cut}");
    }
    assert!(files_in(&f.dir).is_empty());
}

/// CRC-32 (IEEE) of `bytes`, for writing PNG chunks by hand.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A PNG of a few dozen bytes declaring a `width` × `height` RGBA canvas.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    let mut chunk = |kind: &[u8], data: &[u8]| {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
    };
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(b"IHDR", &ihdr);
    chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    chunk(b"IEND", &[]);
    out
}

#[test]
fn a_decompression_bomb_is_refused_before_it_is_allocated() {
    let f = fixture();
    // 100000 × 100000 RGBA would be 40 GB; 9000 × 9000 is within the sides but 324 MB.
    for (width, height) in [(100_000, 100_000), (9_000, 9_000)] {
        let bomb = png_declaring(width, height);
        assert!(bomb.len() < 100);
        let err = upload(&f, "bomb.png", &bomb).expect_err("refused");
        assert_eq!(err.to_string(), "Image bomb.png is too large. Images may be at most 10000 × 10000 pixels.");
    }
    assert!(files_in(&f.dir).is_empty());
}

/// An animated GIF of `frames` frames of `side` × `side`, each a different colour.
fn animation(frames: u32, side: u32) -> Vec<u8> {
    use image::codecs::gif::{GifEncoder, Repeat};
    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new(&mut out);
        encoder.set_repeat(Repeat::Infinite).expect("repeat");
        for i in 0..frames {
            let colour = image::Rgba([(i * 7 % 256) as u8, (i * 13 % 256) as u8, 90, 255]);
            let canvas = image::RgbaImage::from_pixel(side, side, colour);
            encoder.encode_frame(image::Frame::new(canvas)).expect("frame");
        }
    }
    out
}

fn frames_of(bytes: &[u8]) -> usize {
    use image::AnimationDecoder;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).expect("a GIF");
    decoder.into_frames().count()
}

#[test]
fn a_short_animation_keeps_its_frames_and_a_long_one_only_its_first() {
    let f = crate::support::fixture_with(8 * 1024 * 1024, hometutor_media::Quota::default());
    let short = animation(12, 100);
    let kept = upload(&f, "wave.gif", &short).expect("stored");
    assert_eq!(frames_of(&stored_bytes(&f, &kept)), 12);

    // 400 frames of 200 × 200: 16 million pixels to reduce to a palette, four times the bound.
    let side = 200;
    let frames = 400;
    assert!(u64::from(frames * side * side) > hometutor_media::MAX_ANIMATION_PIXELS);
    let long = animation(frames, side);
    let kept = upload(&f, "long.gif", &long).expect("stored, as a still");
    let bytes = stored_bytes(&f, &kept);
    assert_eq!(frames_of(&bytes), 1, "only the first frame is encoded");
    let first = image::load_from_memory_with_format(&bytes, ImageFormat::Gif).expect("a GIF").to_rgba8();
    assert_eq!((first.width(), first.height()), (side, side));
    assert_eq!(first.get_pixel(5, 5).0, [0, 0, 90, 255], "the first frame's colour");
}
